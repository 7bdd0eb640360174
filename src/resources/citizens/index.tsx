import { CitizenShow } from './CitizenShow';

/** Citizens: the generated screens, with the care side (devices, zones, alarm receivers, positions) on the show page. */
export const show = CitizenShow;
