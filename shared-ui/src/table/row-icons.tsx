/** The icons of the usual row actions (lucide), so every list draws edit, delete, activate, deactivate, upload, download and anonymise alike. */
import { Download, Ellipsis, EyeOff, Pencil, Trash2, Upload, UserCheck, UserX } from 'lucide-react';

const SIZE = 18;

export const EditIcon = () => <Pencil size={SIZE} aria-hidden="true" />;
export const DeleteIcon = () => <Trash2 size={SIZE} aria-hidden="true" />;
export const ActivateIcon = () => <UserCheck size={SIZE} aria-hidden="true" />;
export const DeactivateIcon = () => <UserX size={SIZE} aria-hidden="true" />;
export const UploadIcon = () => <Upload size={SIZE} aria-hidden="true" />;
export const DownloadIcon = () => <Download size={SIZE} aria-hidden="true" />;
export const AnonymizeIcon = () => <EyeOff size={SIZE} aria-hidden="true" />;
export const MoreIcon = () => <Ellipsis size={SIZE} aria-hidden="true" />;
