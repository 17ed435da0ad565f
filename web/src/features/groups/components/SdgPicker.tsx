import LazyAutocomplete from '../../../components/forms/LazyAutocomplete';
import { Avatar, Chip, TextField } from '@mui/material';
import type { Sdg } from '../../../lib/groups/types';

interface Props {
  sdgs: Sdg[];
  value: number[];
  onChange: (value: number[]) => void;
  onBlur?: () => void;
  loading?: boolean;
  error?: string;
  required?: boolean;
}

/** The Sustainable Development Goals (GET /sdgs/), up to 3. */
export default function SdgPicker({ sdgs, value, onChange, onBlur, loading, error, required }: Props) {
  const chosen = value.map((id) => sdgs.find((sdg) => sdg.id === id) ?? { id, name: `SDG ${id}` });
  return (
    <LazyAutocomplete<Sdg, true, false, false>
      multiple
      options={sdgs}
      value={chosen}
      loading={loading}
      onChange={(_event, next) => onChange(next.map((sdg) => sdg.id))}
      onBlur={onBlur}
      getOptionLabel={(sdg) => (sdg.number ? `${sdg.number}. ${sdg.name}` : sdg.name)}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterSelectedOptions
      autoHighlight
      slotProps={{ listbox: { style: { maxHeight: 300 } } }}
      renderValue={(items, getItemProps) =>
        items.map((sdg, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return (
            <Chip
              key={key}
              size="small"
              label={sdg.name}
              avatar={sdg.logo ? <Avatar src={sdg.logo} alt="" /> : undefined}
              {...itemProps}
            />
          );
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label="Sustainable Development Goals"
          required={required}
          error={Boolean(error)}
          helperText={error ?? 'Up to 3'}
        />
      )}
    />
  );
}
