import ComingSoon from '../ComingSoon';

/** /subscription/billing: subscription, billing details, invoice history, payment methods. */
export default function BillingPage() {
  return <ComingSoon label="menu.billing" />;
}
