import { describeRouteMatrix } from '../support/route-matrix-suite';

describeRouteMatrix('desk', 'caregiver');
