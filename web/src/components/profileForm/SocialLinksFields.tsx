import { Box, TextField } from '@mui/material';
import { Controller, type Control } from 'react-hook-form';
import type { ProfileFormValues } from './profileSchema';
import { SOCIAL_LINK_FIELDS } from './socialLinks';

export interface SocialLinksFieldsProps {
  /** The control of a form over ProfileFormValues (see useProfileForm). */
  control: Control<ProfileFormValues>;
  disabled?: boolean;
}

/** LinkedIn, Twitter/X, Google Scholar, ResearchGate, ORCID and Facebook addresses, two columns from sm. */
export default function SocialLinksFields({ control, disabled }: SocialLinksFieldsProps) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      {SOCIAL_LINK_FIELDS.map((link) => (
        <Controller
          key={link.name}
          control={control}
          name={link.name}
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              label={link.label}
              placeholder={link.placeholder}
              type="url"
              fullWidth
              disabled={disabled}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
              slotProps={{ htmlInput: { inputMode: 'url', autoComplete: 'url' } }}
            />
          )}
        />
      ))}
    </Box>
  );
}
