import { Avatar, Box, Card, CardActionArea, Chip, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

export interface InfluencerCardProps {
  name: string;
  image: string | null | undefined;
  detail?: string | null;
  /** The profile or organization page; without it the card is not a link. */
  to?: string | null;
}

/** A highly influential person or organization: picture, name, institution or country. */
export default function InfluencerCard({ name, image, detail, to }: InfluencerCardProps) {
  const body: ReactNode = (
    <Stack spacing={1.5} sx={{ p: 2, alignItems: 'center', textAlign: 'center', height: '100%' }}>
      <Avatar src={image ?? undefined} alt="" sx={{ width: 72, height: 72 }}>
        {name.slice(0, 1).toUpperCase()}
      </Avatar>
      <Box sx={{ minWidth: 0, width: '100%' }}>
        <Typography component="h3" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {name}
        </Typography>
        {detail && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {detail}
          </Typography>
        )}
      </Box>
      <Chip label="Influencer" size="small" color="primary" variant="outlined" />
    </Stack>
  );
  return (
    <Card variant="outlined" component="article" sx={{ borderRadius: 2, height: '100%' }}>
      {to ? (
        <CardActionArea component={RouterLink} to={to} sx={{ height: '100%' }}>
          {body}
        </CardActionArea>
      ) : (
        body
      )}
    </Card>
  );
}
