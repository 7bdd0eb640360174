/** The MAC address rule lives in common/ (the server normalises the same way). */
export { normalizeMac } from '../../common/mac';
