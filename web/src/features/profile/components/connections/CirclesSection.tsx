import { useState } from 'react';
import { Box, Pagination, Typography } from '@mui/material';
import { CIRCLES_PAGE_SIZE, useCircles } from '../../api/connections';
import { ListError } from '../../../../components/lists/ListStates';
import { LinesSkeleton } from '../ProfileSkeleton';
import ProfileSection from '../about/ProfileSection';
import ConnectionCard from './ConnectionCard';
import { cardGrid } from './layout';

/** The circles a person is an accepted member of (GET /users/{id}/circles/). */
export default function CirclesSection({ userId, emptyText }: { userId: number; emptyText: string }) {
  const [page, setPage] = useState(1);
  const circles = useCircles(userId, page);
  const pages = circles.data ? Math.ceil(circles.data.pagination.count / CIRCLES_PAGE_SIZE) : 0;
  return (
    <ProfileSection title="Circles">
      {circles.isPending ? (
        <LinesSkeleton lines={2} />
      ) : circles.isError ? (
        <ListError onRetry={() => void circles.refetch()} />
      ) : circles.data.data.length === 0 ? (
        <Typography color="text.secondary">{emptyText}</Typography>
      ) : (
        <Box component="ul" sx={cardGrid} aria-busy={circles.isPlaceholderData}>
          {circles.data.data.map((circle) => (
            <li key={circle.id}>
              <ConnectionCard
                name={circle.name}
                image={circle.image}
                subtitle={circle.role ? `${circle.role.slice(0, 1).toUpperCase()}${circle.role.slice(1)}` : null}
                to={`/circle/${encodeURIComponent(circle.slug)}`}
                square
              />
            </li>
          ))}
        </Box>
      )}
      {pages > 1 && (
        <Pagination
          count={pages}
          page={page}
          onChange={(_event, value) => setPage(value)}
          sx={{ mt: 2 }}
          getItemAriaLabel={(type, item) => (type === 'page' ? `Circles page ${item}` : `Go to ${type} circles page`)}
        />
      )}
    </ProfileSection>
  );
}
