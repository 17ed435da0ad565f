import { lazy, startTransition, Suspense, useId, useState } from 'react';
import { FormControl, InputLabel, OutlinedInput } from '@mui/material';
import SelectField from '../forms/SelectField';
import { ArrowDropDownIcon } from '../icons';
import { ALL } from './listParams';

export interface FilterOption {
  value: string;
  label: string;
}

interface Props {
  label: string;
  options: readonly FilterOption[];
  /** The selected value, or null for all. */
  value: string | null;
  onChange: (value: string | null) => void;
  /** The label of the "no filter" choice. */
  allLabel?: string;
}

// Autocomplete with its popper weighs ~17 kB: it downloads when the field is first used.
const AutocompleteFilter = lazy(() => import('./AutocompleteFilter'));

const MENU_PROPS = { slotProps: { paper: { style: { maxHeight: 300 } } } };

/** One filter of a list page: a choice of values, or all. Long lists (countries) can be typed into. */
export default function FilterSelect({ label, options, value, onChange, allLabel = 'All' }: Props) {
  if (options.length > 30) {
    return <LongListFilter label={label} options={options} value={value} onChange={onChange} allLabel={allLabel} />;
  }
  const known = value !== null && options.some((option) => option.value === value);
  return (
    <SelectField
      fullWidth
      label={label}
      value={known ? value : ALL}
      options={[{ value: ALL, label: allLabel }, ...options]}
      onChange={(next) => onChange(next === ALL ? null : next)}
      menuProps={MENU_PROPS}
    />
  );
}

type LongListProps = Omit<Props, 'allLabel'> & { allLabel: string };

/**
 * Until first used, a look-alike of the Autocomplete (same size, label, placeholder, the chosen
 * label and a combobox role). Using it starts the download in a transition, so this field stays
 * on screen, focused, keeping what is typed, until the real one can take over its text and focus.
 */
function LongListFilter(props: LongListProps) {
  const { label, options, value, allLabel } = props;
  const [wake, setWake] = useState<'focus' | 'pointer' | null>(null);
  const [typed, setTyped] = useState('');
  const id = useId();
  const selectedLabel = options.find((option) => option.value === value)?.label ?? value ?? '';
  const start = (how: 'focus' | 'pointer') => startTransition(() => setWake((current) => (current === 'pointer' ? current : how)));
  const field = (
    <FormControl size="small" fullWidth>
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <OutlinedInput
        key={selectedLabel}
        id={id}
        label={label}
        notched
        placeholder={allLabel}
        defaultValue={selectedLabel}
        autoComplete="off"
        inputProps={{ role: 'combobox', 'aria-expanded': false, 'aria-autocomplete': 'list' }}
        onFocus={() => start('focus')}
        onPointerDown={() => start('pointer')}
        onChange={(event) => {
          setTyped(event.target.value);
          start('pointer');
        }}
        endAdornment={<ArrowDropDownIcon sx={{ color: 'action.active', mr: -0.5 }} />}
      />
    </FormControl>
  );
  // One boundary around both: already showing, it keeps the field while the transition waits.
  return (
    <Suspense fallback={field}>
      {wake ? <AutocompleteFilter {...props} initialText={typed} initialOpen={wake === 'pointer'} /> : field}
    </Suspense>
  );
}
