import { lazy, Suspense, useState } from 'react';
import { Button, Divider, IconButton, Stack, Typography } from '@mui/material';
import LazyTooltip from '../../../../components/LazyTooltip';
import { useDeleteService, useServices } from '../../api/services';
import type { UserService } from '../../api/types';
import { hasText } from '../../richText';
import RichText from '../../../../components/RichText';
import ConfirmRemoval from '../ConfirmRemoval';
import { ListError } from '../../../../components/lists/ListStates';
import { SectionSkeleton } from '../ProfileSkeleton';
import ProfileSection from './ProfileSection';
import { AddIcon } from '../../../../components/icons';
import { DeleteIcon } from '../../../../components/profileForm/formIcons';
import { EditIcon } from '../icons';

const ServiceDialog = lazy(() => import('./ServiceDialog'));

interface Props {
  userId: number;
  firstName: string;
  canEdit: boolean;
  /** Show the section with its empty text to visitors too (the service page). */
  showEmpty?: boolean;
}

/** The services a person offers (GET /users/{id}/services/); the owner adds, edits and removes them. */
export default function ServicesSection({ userId, firstName, canEdit, showEmpty = false }: Props) {
  const services = useServices(userId);
  const remove = useDeleteService(userId);
  const [editing, setEditing] = useState<UserService | 'new' | null>(null);
  const [removing, setRemoving] = useState<UserService | null>(null);

  if (services.isPending) return <SectionSkeleton lines={2} />;
  const items = services.data?.pages.flatMap((page) => page.data) ?? [];
  if (!canEdit && !showEmpty && !services.isError && items.length === 0) return null;

  return (
    <ProfileSection
      title="Services"
      action={
        canEdit ? (
          <Button size="small" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            Add service
          </Button>
        ) : null
      }
    >
      {services.isError ? (
        <ListError onRetry={() => void services.refetch()} />
      ) : items.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {canEdit ? 'Offer mentoring, reviews or other help: add the services you provide.' : 'No services available at the moment'}
        </Typography>
      ) : (
        <Stack divider={<Divider flexItem />} spacing={2} component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {items.map((service) => (
            <Stack component="li" key={service.id} spacing={0.75}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
                <Typography component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {service.title}
                </Typography>
                {canEdit && (
                  <Stack direction="row" sx={{ flexShrink: 0, mt: -0.75 }}>
                    <LazyTooltip title="Edit">
                      <IconButton size="small" aria-label={`Edit ${service.title}`} onClick={() => setEditing(service)}>
                        <EditIcon fontSize="small" />
                      </IconButton>
                    </LazyTooltip>
                    <LazyTooltip title="Delete">
                      <IconButton size="small" aria-label={`Delete ${service.title}`} onClick={() => setRemoving(service)}>
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </LazyTooltip>
                  </Stack>
                )}
              </Stack>
              {hasText(service.description) && <RichText html={service.description} sx={{ typography: 'body2' }} />}
              {service.url && (
                <Button
                  href={service.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  size="small"
                  variant="outlined"
                  sx={{ alignSelf: 'flex-start' }}
                >
                  Learn more
                </Button>
              )}
            </Stack>
          ))}
        </Stack>
      )}
      {services.hasNextPage && (
        <Button onClick={() => void services.fetchNextPage()} loading={services.isFetchingNextPage} sx={{ mt: 2 }}>
          Show more services
        </Button>
      )}
      <Suspense fallback={null}>
        {editing && (
          <ServiceDialog userId={userId} service={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
        )}
      </Suspense>
      <ConfirmRemoval
        item={removing}
        title="Delete this service?"
        whose={canEdit ? 'your' : `${firstName}'s`}
        remove={remove}
        done="Service deleted"
        onClose={() => setRemoving(null)}
      />
    </ProfileSection>
  );
}
