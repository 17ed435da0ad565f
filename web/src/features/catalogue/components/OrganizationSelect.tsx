import { MenuItem, TextField } from '@mui/material';
import { useDefaultGroup } from '../../../lib/discover/groups';

/**
 * The organization an AI tool or use case is posted under: the site's organization, or the
 * one it already has ('Current organization' when that is another).
 */
export default function OrganizationSelect({
  value,
  onChange,
  error,
}: {
  value: number | null;
  onChange: (group: number) => void;
  error?: string;
}) {
  const org = useDefaultGroup(true);
  const orgs = org.data ? [org.data] : [];
  return (
    <TextField select label="Organization" required value={value ?? ''} onChange={(e) => onChange(Number(e.target.value))} error={!!error} helperText={error}>
      {orgs.map((g) => (
        <MenuItem key={g.id} value={g.id}>
          {g.name}
        </MenuItem>
      ))}
      {value !== null && !orgs.some((g) => g.id === value) && <MenuItem value={value}>Current organization</MenuItem>}
    </TextField>
  );
}
