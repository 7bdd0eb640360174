import { DeviceList } from './DeviceList';

/** Devices: the generated screens, with CSV upload, data reports, stop reasons and exchange on the list. */
export const list = DeviceList;
