import { floorBuild } from './floor-build.ts';

/** The users floor (users.tsx): the smallest React + Mantine page that loads and shows the users list. */
export default floorBuild('users.html', 'floor-users-dist');
