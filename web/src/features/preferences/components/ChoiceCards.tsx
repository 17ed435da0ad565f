import { useId } from 'react';
import { Box, FormControlLabel, Radio, RadioGroup, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';

export interface Choice<V extends string> {
  value: V;
  label: string;
  text?: string;
}

/** A radio group drawn as cards: arrow keys move between them, as in any radio group. */
export default function ChoiceCards<V extends string>({
  label,
  choices,
  value,
  onChange,
  columns = 2,
}: {
  label: string;
  choices: readonly Choice<V>[];
  value: V;
  onChange: (value: V) => void;
  columns?: number;
}) {
  const labelId = useId();
  return (
    <Box>
      <Typography id={labelId} sx={{ position: 'absolute', left: -9999 }}>
        {label}
      </Typography>
      <RadioGroup
        aria-labelledby={labelId}
        value={value}
        onChange={(event) => onChange(event.target.value as V)}
        sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: `repeat(${columns}, minmax(0, 1fr))` } }}
      >
        {choices.map((choice) => {
          const selected = choice.value === value;
          return (
            <FormControlLabel
              key={choice.value}
              value={choice.value}
              control={<Radio />}
              label={
                <Box sx={{ py: 0.5 }}>
                  <Typography sx={{ fontWeight: 600 }}>{choice.label}</Typography>
                  {choice.text && (
                    <Typography variant="body2" color="text.secondary">
                      {choice.text}
                    </Typography>
                  )}
                </Box>
              }
              sx={(theme) => ({
                m: 0,
                pr: 2,
                pl: 0.5,
                py: 0.5,
                alignItems: 'center',
                border: 1,
                borderRadius: 2,
                borderColor: selected ? 'primary.main' : 'divider',
                bgcolor: selected ? alpha(theme.palette.primary.main, 0.05) : 'background.paper',
              })}
            />
          );
        })}
      </RadioGroup>
    </Box>
  );
}
