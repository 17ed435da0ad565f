import ConfirmDialog from '../../../components/ConfirmDialog';
import { useSnackbar } from '../../../lib/snackbar';

interface Props {
  /** The entry to delete; none: the dialog is closed. */
  item: { id: number; title: string } | null;
  title: string;
  /** Whose profile loses it: "your", "Maria's". */
  whose: string;
  remove: { mutate: (id: number, options: { onSuccess: () => void }) => void; isPending: boolean };
  /** The toast once it is deleted. */
  done: string;
  onClose: () => void;
}

/** Asks before deleting an entry of a profile (a service, an experience); closes and says `done` once it is deleted. */
export default function ConfirmRemoval({ item, title, whose, remove, done, onClose }: Props) {
  const { enqueueSnackbar } = useSnackbar();
  return (
    <ConfirmDialog
      open={Boolean(item)}
      title={title}
      message={`"${item?.title ?? ''}" will be removed from ${whose} profile.`}
      confirmLabel="Delete"
      pending={remove.isPending}
      onCancel={onClose}
      onConfirm={() =>
        item &&
        remove.mutate(item.id, {
          onSuccess: () => {
            onClose();
            enqueueSnackbar(done, { variant: 'success' });
          },
        })
      }
    />
  );
}
