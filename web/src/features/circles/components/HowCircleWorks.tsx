import { Box, Stack, Typography } from '@mui/material';
import StepNumber from '../../../components/StepNumber';

const STEPS = [
  { title: 'Find a circle', text: 'Browse circles by topic, start month, length and format.' },
  { title: 'Apply to join', text: 'Send your application while registration is open.' },
  { title: 'Learn together', text: 'Meet your cohort and circle leader, about 2 hours a week.' },
  { title: 'Grow your career', text: 'Finish with new skills, a network and work to show.' },
];

/** The 'How Circle Works' strip guests see above the circles. */
export default function HowCircleWorks() {
  return (
    <Box component="section" aria-labelledby="how-circle-works" sx={{ mb: 3, p: 2, borderRadius: 2, bgcolor: 'primary.light' }}>
      <Typography id="how-circle-works" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1.5 }}>
        How Circle Works
      </Typography>
      <Box
        component="ol"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
        }}
      >
        {STEPS.map((step, index) => (
          <Stack component="li" key={step.title} direction="row" spacing={1.5}>
            <StepNumber n={index + 1} />
            <Box>
              <Typography sx={{ fontWeight: 600 }}>{step.title}</Typography>
              <Typography variant="body2" color="text.secondary">
                {step.text}
              </Typography>
            </Box>
          </Stack>
        ))}
      </Box>
    </Box>
  );
}
