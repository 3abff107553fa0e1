export {
  DialogForm,
  FormDialog,
  FormFooter,
  type DialogFormProps,
  type FormDialogProps,
  type FormFooterProps,
} from './form-dialog';
