import { floorBuild } from './floor-build.ts';

/** The sign-in floor (main.tsx): the smallest React + Mantine page with one input. */
export default floorBuild('index.html', 'floor-dist');
