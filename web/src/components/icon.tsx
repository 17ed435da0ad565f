import { SvgIcon, type SvgIconProps } from '@mui/material';

/** An icon of one Material Design path (pure, so that unused icons leave the bundle). */
export function icon(path: string) {
  return function Icon(props: SvgIconProps) {
    return (
      <SvgIcon {...props}>
        <path d={path} />
      </SvgIcon>
    );
  };
}
