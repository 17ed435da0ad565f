import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { topicAreasQuery } from '../../../lib/discover/topicAreas';
import { resourceHubPath } from '../home';

/**
 * Career path step 2 (spec 002 §2): the site's topic areas sorted by name, several may be
 * chosen; Back closes, Continue opens the resource hub for the chosen areas.
 */
export default function FocusAreasDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const navigate = useNavigate();
  // Loaded when the dialog first opens.
  const areas = useQuery({ ...topicAreasQuery, enabled: open });
  const [chosen, setChosen] = useState<number[]>([]);
  const sorted = [...(areas.data ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  const toggle = (id: number) => setChosen((now) => (now.includes(id) ? now.filter((x) => x !== id) : [...now, id]));

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby="focus-areas-title">
      <DialogTitle id="focus-areas-title">Select your career focus areas</DialogTitle>
      <DialogContent dividers>
        {areas.isPending ? <CircularProgress aria-label="Loading topic areas" /> : null}
        {areas.isError ? <Alert severity="error">Could not load the topic areas.</Alert> : null}
        {areas.isSuccess && sorted.length === 0 ? <Alert severity="info">No topic areas yet.</Alert> : null}
        <FormGroup aria-label="Topic areas">
          {sorted.map((area) => (
            <FormControlLabel
              key={area.id}
              control={<Checkbox checked={chosen.includes(area.id)} onChange={() => toggle(area.id)} />}
              label={area.name}
            />
          ))}
        </FormGroup>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Back</Button>
        <Button
          variant="contained"
          disabled={chosen.length === 0}
          onClick={() => {
            onClose();
            void navigate(resourceHubPath(chosen));
          }}
        >
          Continue
        </Button>
      </DialogActions>
    </Dialog>
  );
}
