import { Box, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';

export default function Logo({ name, logo }: { name: string; logo?: string | null }) {
  return (
    <Box
      component={RouterLink}
      to="/"
      aria-label={`${name} home`}
      sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none', minWidth: 0 }}
    >
      {logo ? (
        <Box component="img" src={logo} alt={name} sx={{ height: 36, maxWidth: 160, objectFit: 'contain' }} />
      ) : (
        <Typography
          component="span"
          noWrap
          sx={{ fontWeight: 800, fontSize: { xs: 18, md: 20 }, color: 'primary.main', letterSpacing: -0.3 }}
        >
          {name}
        </Typography>
      )}
    </Box>
  );
}
