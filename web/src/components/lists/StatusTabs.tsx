import { Tab, Tabs } from '@mui/material';

/** Scrollable tabs over a list's statuses (members, applicants), each labelled with its count. */
export default function StatusTabs<S extends string>({
  value,
  statuses,
  label,
  ariaLabel,
  onChange,
}: {
  value: S;
  statuses: readonly S[];
  label: (status: S) => string;
  ariaLabel: string;
  onChange: (status: S) => void;
}) {
  return (
    <Tabs
      value={value}
      onChange={(_event, next: S) => onChange(next)}
      variant="scrollable"
      allowScrollButtonsMobile
      aria-label={ariaLabel}
      sx={{ px: 1, borderBottom: 1, borderColor: 'divider' }}
    >
      {statuses.map((item) => (
        <Tab key={item} value={item} label={label(item)} />
      ))}
    </Tabs>
  );
}
