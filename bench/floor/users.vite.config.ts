import { floorBuild } from './floor-build.ts';

/**
 * The users floors: the smallest React + Mantine page that loads and shows the users list (users.tsx), and the same
 * after signing in through the BFF (sign-in-users.tsx).
 */
export default floorBuild(['users.html', 'sign-in-users.html'], 'floor-users-dist');
