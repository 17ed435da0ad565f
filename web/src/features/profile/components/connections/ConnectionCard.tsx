import { Avatar, Card, CardActionArea, Chip, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';

export interface ConnectionCardProps {
  name: string;
  image?: string | null;
  subtitle?: string | null;
  label?: string | null;
  to: string | null;
  square?: boolean;
}

/** A person or group in the Career Circles tab, linking to its page. */
export default function ConnectionCard({ name, image, subtitle, label, to, square = false }: ConnectionCardProps) {
  const content = (
    <Stack direction="row" spacing={1.5} sx={{ p: 1.5, alignItems: 'center', minWidth: 0 }}>
      <Avatar src={image ?? undefined} alt="" variant={square ? 'rounded' : 'circular'} sx={{ width: 48, height: 48 }}>
        {name.slice(0, 1).toUpperCase()}
      </Avatar>
      <Stack sx={{ minWidth: 0, flexGrow: 1 }}>
        <Typography sx={{ fontWeight: 600 }} noWrap title={name}>
          {name}
        </Typography>
        {subtitle && (
          <Typography variant="body2" color="text.secondary" noWrap title={subtitle}>
            {subtitle}
          </Typography>
        )}
      </Stack>
      {label && <Chip label={label} size="small" sx={{ flexShrink: 0 }} />}
    </Stack>
  );
  return (
    <Card variant="outlined" sx={{ borderRadius: 2, height: '100%' }}>
      {to ? (
        <CardActionArea component={RouterLink} to={to} sx={{ height: '100%' }}>
          {content}
        </CardActionArea>
      ) : (
        content
      )}
    </Card>
  );
}
