/** The icons of the usual row actions (lucide), so every list draws edit, delete, activate, deactivate, upload, download and anonymise alike. */
import Download from 'lucide-react/icons/download';
import Ellipsis from 'lucide-react/icons/ellipsis';
import EyeOff from 'lucide-react/icons/eye-off';
import Pencil from 'lucide-react/icons/pencil';
import Trash2 from 'lucide-react/icons/trash-2';
import Upload from 'lucide-react/icons/upload';
import UserCheck from 'lucide-react/icons/user-check';
import UserX from 'lucide-react/icons/user-x';

const SIZE = 18;

export const EditIcon = () => <Pencil size={SIZE} aria-hidden="true" />;
export const DeleteIcon = () => <Trash2 size={SIZE} aria-hidden="true" />;
export const ActivateIcon = () => <UserCheck size={SIZE} aria-hidden="true" />;
export const DeactivateIcon = () => <UserX size={SIZE} aria-hidden="true" />;
export const UploadIcon = () => <Upload size={SIZE} aria-hidden="true" />;
export const DownloadIcon = () => <Download size={SIZE} aria-hidden="true" />;
export const AnonymizeIcon = () => <EyeOff size={SIZE} aria-hidden="true" />;
export const MoreIcon = () => <Ellipsis size={SIZE} aria-hidden="true" />;
