// The shared form dialog (components/FormDialog.tsx), under its old name for this feature's dialogs.
export { default } from '../../../components/FormDialog';
