// Federation
export type { DomainRoutes, ProfileCardProps, SlotEntries, SlotEntry, SlotName, SlotProps } from './federation/domain-routes';
export { SLOT_NAMES } from './federation/domain-routes';
export { HomeBlock, type HomeBlockProps } from './federation/HomeBlock';
export { HomeList, HomeMoreLink, HOME_LIST_LIMIT, homeListHidden, type HomeListProps, type HomeMoreLinkProps } from './federation/HomeList';

// Inputs
export type { BaseFieldProps } from './inputs/types';
export { TextInput, type TextInputProps } from './inputs/TextInput';
export { TextArea, type TextAreaProps } from './inputs/TextArea';
export { EmailInput, type EmailInputProps } from './inputs/EmailInput';
export { PasswordInput, type PasswordInputProps } from './inputs/PasswordInput';
export { NumberInput, type NumberInputProps } from './inputs/NumberInput';
export { DateInput, type DateInputProps } from './inputs/DateInput';
export { TimeInput, type TimeInputProps } from './inputs/TimeInput';
export { preloadDateTimePickers } from './inputs/lazy-pickers';
export { SelectInput, type SelectInputProps, type SelectOption } from './inputs/SelectInput';
export { MenuInput, type MenuInputProps, type MenuOption } from './inputs/MenuInput';
export { FileInput, type FileInputProps } from './inputs/FileInput';
export { CheckboxInput, type CheckboxInputProps } from './inputs/CheckboxInput';
export { ColorInput, DEFAULT_COLOR } from './inputs/ColorInput';
export { CompositeSections, type CompositeSectionsProps } from './inputs/CompositeSections';
export {
  UnlockTimesInput,
  unlockTimeRows,
  type UnlockTimeRow,
  type UnlockTimeField,
  type UnlockTimesInputProps,
  UNLOCK_TIME_DECODE_ERROR,
} from './inputs/UnlockTimesInput';
export { PeriodInput, type Period, type PeriodPreset, PERIOD_PRESETS, presetRange, matchPreset, seasonStartYear } from './inputs/PeriodInput';
export { MonthPeriodInput, type MonthPeriod } from './inputs/MonthPeriodInput';
export { useDebouncedValue } from './inputs/useDebouncedValue';
export { toMenuOptions, type OptionSource } from './inputs/options';

// Forms on the contract's schemas (react-hook-form)
export { fieldBinder, firstMessage, lazyResolver, type BoundField } from './form/schema-form';
export { contractResolver, schemaResolver, type ContractSchema } from './form/schema-resolver';

// Table
export { DataTable, ExportMenu, type Column, type RowAction, type DataTableProps, type TableFilters, TABLE_MESSAGES } from './table/DataTable';
export { ActivateIcon, AnonymizeIcon, DeactivateIcon, DeleteIcon, DownloadIcon, EditIcon, UploadIcon } from './table/row-icons';
export { EmailCell } from './table/cells';
export { useRowDialog } from './table/row-dialog';
export { downloadWithToasts } from './table/download';

// Modal
export { Modal, type ModalProps } from './modal/Modal';
export { ConfirmDialog, type ConfirmDialogProps } from './modal/ConfirmDialog';
export { ConfirmAction, type ConfirmActionProps } from './modal/ConfirmAction';
export { ModalSuspense, MODULE_LOADING_TEXT } from './modal/ModalSuspense';
export { ModalForm, type ModalFormProps, type ModalFormContext, type ModalFormTab } from './modal/ModalForm';
export { FormModal, type FormModalProps, type FieldBind } from './modal/FormModal';
export { RecordFormModal, type RecordFormModalProps } from './modal/RecordFormModal';

// Mutations of list pages
export { createMutation, type MutationDeclaration, type ApiMutation } from './mutation/create-mutation';

// Page layout
export { PageLayout, type PageLayoutProps } from './layout/PageLayout';

// Toasts
export { ToastHost, type ToastHostProps } from './toast/ToastHost';
export { notify, toastPromise, type ToastPromiseMessages } from './toast/notify';

// Format and reference data
export * from './format/format';
export { ITALIAN_PROVINCES } from './data/provinces';

// Standalone host of a domain app on its own dev server
export { StandaloneHost, type StandaloneHostProps } from './standalone/StandaloneHost';

// Release updates: a page with unsaved input holds the switch to a new version of its app (the shell's 'Aggiorna')
export { holdUpdate, useHoldUpdate, useUpdateHoldReason, updateHoldReason, subscribeUpdateHolds } from './updates/holds';
