import type { ReactNode } from 'react';
import { Box, ButtonBase, Chip, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { ESTIMATED_SECONDS } from '../steps';
import { DocumentIcon } from '../../../components/profileForm/formIcons';
import { FormIcon, LinkedInMarkIcon, TimerIcon } from './wizardIcons';

export type EntryChoice = 'linkedin' | 'resume' | 'form';

const CHOICES: { id: EntryChoice; title: string; text: string; icon: ReactNode }[] = [
  {
    id: 'linkedin',
    title: 'Import from LinkedIn',
    text: 'Fill your profile from your public LinkedIn page.',
    icon: <LinkedInMarkIcon />,
  },
  {
    id: 'resume',
    title: 'Upload your resume',
    text: 'We read your PDF resume and fill in the rest.',
    icon: <DocumentIcon />,
  },
  {
    id: 'form',
    title: 'Fill in the form',
    text: 'Answer a few short questions yourself.',
    icon: <FormIcon />,
  },
];

/** The entry step's three ways to set up a profile, with their estimated times. */
export default function EntryOptions({ onChoose }: { onChoose: (choice: EntryChoice) => void }) {
  return (
    <Stack component="ul" spacing={1.5} aria-label="Ways to set up your profile" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {CHOICES.map((choice) => (
        <li key={choice.id}>
          <ButtonBase
            onClick={() => onChoose(choice.id)}
            aria-label={`${choice.title}, about ${ESTIMATED_SECONDS[choice.id]} seconds`}
            sx={(theme) => ({
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'flex-start',
              gap: 2,
              width: '100%',
              textAlign: 'left',
              p: 2,
              border: 1,
              borderColor: 'divider',
              borderRadius: 3,
              bgcolor: 'background.paper',
              transition: 'border-color 120ms, background-color 120ms',
              '&:hover, &.Mui-focusVisible': {
                borderColor: 'primary.main',
                bgcolor: alpha(theme.palette.primary.main, 0.04),
              },
            })}
          >
            <Box
              aria-hidden
              sx={(theme) => ({
                display: 'grid',
                placeItems: 'center',
                width: 44,
                height: 44,
                flexShrink: 0,
                borderRadius: 2,
                color: 'primary.main',
                bgcolor: alpha(theme.palette.primary.main, 0.1),
              })}
            >
              {choice.icon}
            </Box>
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600 }}>{choice.title}</Typography>
              <Typography variant="body2" color="text.secondary">
                {choice.text}
              </Typography>
            </Box>
            <Chip
              aria-hidden
              icon={<TimerIcon fontSize="small" />}
              label={`${ESTIMATED_SECONDS[choice.id]} s`}
              size="small"
              variant="outlined"
              sx={{ flexShrink: 0 }}
            />
          </ButtonBase>
        </li>
      ))}
    </Stack>
  );
}
