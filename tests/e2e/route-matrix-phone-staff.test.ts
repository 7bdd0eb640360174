import { describeRouteMatrix } from '../support/route-matrix-suite';

describeRouteMatrix('phone', 'staff');
