import { Button, Stack } from '@mui/material';
import { LinkIcon } from '../../../../components/profileForm/formIcons';

export default function SocialLinks({ links }: { links: { label: string; url: string }[] }) {
  return (
    <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
      {links.map((link) => (
        <Button
          key={link.label}
          href={link.url}
          target="_blank"
          rel="noopener noreferrer"
          variant="outlined"
          size="small"
          startIcon={<LinkIcon />}
        >
          {link.label}
        </Button>
      ))}
    </Stack>
  );
}
