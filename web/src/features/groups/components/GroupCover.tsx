import { Box } from '@mui/material';
import type { Group } from '../../../lib/groups/types';
import ImageUploadButton from './ImageUploadButton';

interface Props {
  group: Group;
  /** Administrators get the cover upload button. */
  admin: boolean;
  height: { xs: number; md: number };
}

/** The cover image band at the top of a group's header (the primary light colour without one). */
export default function GroupCover({ group, admin, height }: Props) {
  return (
    <Box
      sx={{
        position: 'relative',
        height,
        bgcolor: 'primary.light',
        backgroundImage: group.cover_image ? `url("${group.cover_image}")` : undefined,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
      }}
      role={group.cover_image ? 'img' : undefined}
      aria-label={group.cover_image ? `${group.name} cover image` : undefined}
    >
      {admin && (
        <Box sx={{ position: 'absolute', right: 12, bottom: 12 }}>
          <ImageUploadButton groupId={group.id} kind="cover" />
        </Box>
      )}
    </Box>
  );
}
