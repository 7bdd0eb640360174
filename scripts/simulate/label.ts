/** How the simulator's log names a watch: not its whole IMEI, enough of it to tell the demo watches apart. */
export const watchLabel = (imei: string): string => `watch …${imei.slice(-4)}`;
