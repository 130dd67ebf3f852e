/** Icons of the finance row actions (lucide, the same set as shared-ui's row icons). */
import ListOrdered from 'lucide-react/icons/list-ordered';
import Plus from 'lucide-react/icons/plus';

const SIZE = 18;

export const PaymentsIcon = () => <ListOrdered size={SIZE} aria-hidden="true" />;
export const AddPaymentIcon = () => <Plus size={SIZE} aria-hidden="true" />;
