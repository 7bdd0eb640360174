/** The simulator as a library (tests drive it; `npm run simulate` is cli.ts). */
export { ALARMS, type AlarmName, type AlarmSchedule } from './alarms';
export { simulate, type SimulationOptions } from './osmand';
export { bearingOf, route, type Home, type Point } from './route';
export { defaultWatchId, TcpWalk, type TcpWalkOptions, type TcpWalkSummary } from './tcp-walk';
