import { useId, useState } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Skeleton } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { identityKey, useIdentity } from '../../../lib/auth/identity';
import { useAppConfig } from '../../../lib/config/appConfig';

import { createMembershipCard } from '../api';
import { MSG_CARD_FAILED, showsMembershipCard } from '../planRules';

/**
 * Membership Card (spec 002 §2): opens the member's card, which the server draws on first
 * open (POST /membership-card/), with a Download link for the image.
 */
export default function MembershipCardButton() {
  const titleId = useId();
  const config = useAppConfig();
  const { identity } = useIdentity();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const card = useMutation({
    mutationFn: createMembershipCard,
    onSuccess: () => client.invalidateQueries({ queryKey: identityKey }),
    meta: { silent: true },
  });
  if (!showsMembershipCard(config.ui.host_variant, identity?.user_subscription?.can_create_membership_card)) return null;

  const show = () => {
    setOpen(true);
    card.mutate();
  };

  return (
    <>
      <Button variant="outlined" onClick={show}>
        Membership Card
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="sm" fullWidth aria-labelledby={titleId}>
        <DialogTitle id={titleId}>Membership Card</DialogTitle>
        <DialogContent>
          {card.isPending && <Skeleton variant="rounded" sx={{ width: '100%', aspectRatio: '1012 / 638', height: 'auto' }} />}
          {card.isError && (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => card.mutate()}>
                  Retry
                </Button>
              }
            >
              {MSG_CARD_FAILED}
            </Alert>
          )}
          {card.data && (
            <Box
              component="img"
              src={card.data}
              alt={`Membership card of ${identity?.first_name ?? ''} ${identity?.last_name ?? ''}`.trim()}
              sx={{ width: '100%', height: 'auto', borderRadius: 2, display: 'block' }}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Close</Button>
          {card.data && (
            <Button variant="contained" component="a" href={card.data} download="membership-card.png">
              Download
            </Button>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}
