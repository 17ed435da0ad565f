import { useId, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';
import { canMarkPayment } from '../memberActions';
import { capitalize, paymentLabel } from '../../../lib/groups/rules';
import type { Group, Member, RespondAction } from '../../../lib/groups/types';
import { usePaymentConfirmation } from '../api/paymentConfirmation';
import { useRespondJoinRequest } from '../api/respondJoinRequest';
import AnswerList from './AnswerList';
import RejectDialog from './RejectDialog';
import DialogHeader from '../../../components/DialogHeader';

interface Props {
  group: Group;
  member: Member;
  onClose: () => void;
}

/**
 * One applicant or member for administrators (the applicants table and the members list):
 * status, payment, the stored reason and notes, their answers; Accept or Reject (with an
 * optional reason) while pending, Mark paid / unpaid while an accepted member's payment of a
 * paid group is not confirmed. Full screen on phones.
 */
export default function ApplicantDetailsDialog({ group, member, onClose }: Props) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  const respond = useRespondJoinRequest(group.id);
  const payment = usePaymentConfirmation(group.id);
  const [rejecting, setRejecting] = useState(false);
  const busy = respond.isPending || payment.isPending;
  const answer = (action: RespondAction, notes?: string) =>
    respond.mutate(
      { users: [member.id], action, notes },
      {
        onSuccess: () => {
          setRejecting(false);
          onClose();
        },
      },
    );
  const mark = (action: RespondAction) => payment.mutate({ user: member.id, action }, { onSuccess: onClose });
  const close = () => {
    if (!busy) onClose();
  };
  return (
    <>
      <Dialog open onClose={close} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby={titleId}>
        <DialogHeader id={titleId} onClose={close} breakAnywhere>
          {member.name}
        </DialogHeader>
        <DialogContent dividers>
          <Stack spacing={2}>
            <Typography variant="body2">
              Status: <strong>{capitalize(member.membership_status ?? '—')}</strong>
              {group.is_paid && (
                <>
                  {' · '}Payment: <strong>{paymentLabel(member.payment_status)}</strong>
                </>
              )}
              {member.membership_role && (
                <>
                  {' · '}Role: <strong>{capitalize(member.membership_role)}</strong>
                </>
              )}
            </Typography>
            {member.reason && <Typography variant="body2">{`Reason: ${member.reason}`}</Typography>}
            {member.notes && <Typography variant="body2">{`Notes: ${member.notes}`}</Typography>}
            <AnswerList member={member} group={group} />
          </Stack>
        </DialogContent>
        <DialogActions disableSpacing sx={{ px: 3, py: 1.5, flexWrap: 'wrap', gap: 1 }}>
          {member.membership_status === 'pending' && (
            <>
              <Button color="error" onClick={() => setRejecting(true)} disabled={busy}>
                Reject
              </Button>
              <Button variant="contained" onClick={() => answer('accept')} loading={respond.isPending}>
                Accept
              </Button>
            </>
          )}
          {canMarkPayment(member, group) && (
            <>
              <Button onClick={() => mark('reject')} disabled={busy}>
                Mark unpaid
              </Button>
              <Button variant="contained" onClick={() => mark('accept')} loading={payment.isPending}>
                Mark paid
              </Button>
            </>
          )}
          <Button onClick={close} disabled={busy}>
            Close
          </Button>
        </DialogActions>
      </Dialog>
      {rejecting && (
        <RejectDialog
          who={member.name}
          pending={respond.isPending}
          onCancel={() => setRejecting(false)}
          onConfirm={(reason) => answer('reject', reason)}
        />
      )}
    </>
  );
}
