import { useEffect, useId, useImperativeHandle, useRef, useState, type ComponentType, type KeyboardEvent, type Ref } from 'react';
import { FormControl, InputLabel, OutlinedInput, type MenuProps, type SxProps, type Theme } from '@mui/material';
import { styled } from '@mui/material/styles';
import { ArrowDropDownIcon } from '../icons';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps {
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
  /** The menu's props (a stable object), as `SelectProps.MenuProps`. */
  menuProps?: Partial<MenuProps>;
  id?: string;
}

type Impl = ComponentType<SelectFieldProps & { defaultOpen?: boolean; autoFocus?: boolean }>;

/** MUI's select, once downloaded (shared by every SelectField of the page). */
let loaded: Impl | null = null;
let loading: Promise<Impl> | null = null;

function loadImpl(): Promise<Impl> {
  loading ??= import('./SelectFieldImpl').then(
    (module) => {
      loaded = module.default;
      return loaded;
    },
    (error: unknown) => {
      loading = null; // the next use asks again
      throw error;
    },
  );
  return loading;
}

/** Downloads MUI's select ahead of its first use (nothing shows for it). */
function preload() {
  loadImpl().catch(() => undefined);
}

// What MUI's Select adds to the input's styles (NativeSelectInput's StyledSelectSelect, outlined).
const Display = styled('div')(({ theme }) => ({
  MozAppearance: 'none',
  WebkitAppearance: 'none',
  userSelect: 'none',
  borderRadius: theme.shape.borderRadius,
  cursor: 'pointer',
  '&&&': { paddingRight: 32, minWidth: 16 },
  height: 'auto',
  minHeight: '1.4375em',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  overflow: 'hidden',
}));

const NativeInput = styled('input')({
  bottom: 0,
  left: 0,
  position: 'absolute',
  opacity: 0,
  pointerEvents: 'none',
  width: '100%',
  boxSizing: 'border-box',
});

const OPENING_KEYS = [' ', 'ArrowUp', 'ArrowDown', 'Enter'];

interface DisplayProps {
  className?: string;
  id?: string;
  value?: string;
  onFocus?: () => void;
  onBlur?: () => void;
  ref?: Ref<unknown>;
  text: string;
  labelId: string;
  onOpen: () => void;
}

/**
 * The closed select as MUI renders it (the same elements, classes and roles): InputBase styles
 * it as its input, as it does MUI's own SelectInput.
 */
function ClosedSelect({ className, id, value, onFocus, onBlur, ref, text, labelId, onOpen }: DisplayProps) {
  const display = useRef<HTMLDivElement>(null);
  // What InputBase asks of its input: focus() and, for the FormControl, the value.
  useImperativeHandle(ref, () => ({ focus: () => display.current?.focus(), node: null, value }), [value]);
  return (
    <>
      <Display
        ref={display}
        tabIndex={0}
        role="combobox"
        aria-expanded="false"
        aria-haspopup="listbox"
        aria-labelledby={labelId}
        className={`MuiSelect-select MuiSelect-outlined ${className ?? ''}`}
        onFocus={onFocus}
        onBlur={onBlur}
        onPointerDown={preload}
        onClick={onOpen}
        onKeyDown={(event: KeyboardEvent) => {
          if (!OPENING_KEYS.includes(event.key)) return;
          event.preventDefault();
          onOpen();
        }}
      >
        {text || (
          <span className="notranslate" aria-hidden>
            {'\u200b'}
          </span>
        )}
      </Display>
      <NativeInput aria-hidden tabIndex={-1} className="MuiSelect-nativeInput" id={id} value={value} readOnly />
      <ArrowDropDownIcon
        className="MuiSelect-icon MuiSelect-iconOutlined"
        sx={{ position: 'absolute', right: 7, top: 'calc(50% - .5em)', pointerEvents: 'none', color: 'action.active' }}
      />
    </>
  );
}

/**
 * A small outlined select (MUI's `TextField select`). MUI's Select brings its Menu, Popover and
 * Modal (~14 kB gzipped), more than a list page's first screen can carry: until first used, a
 * look-alike renders the closed field (same elements, classes, label and combobox role). The
 * real one downloads once the page is idle (or on the look-alike's focus or press) but only
 * takes over when the look-alike is opened (click or tap, Enter, Space, arrows): it then mounts
 * open and focused. Swapping at any other moment could drop a press: one that started on the
 * look-alike would end on a node that is gone (issue 30).
 */
export default function SelectField(props: SelectFieldProps) {
  const { label, value, options, fullWidth, sx } = props;
  const generatedId = useId();
  const id = props.id ?? generatedId;
  // Already downloaded (an earlier page used it): nothing to wait for, no look-alike.
  const [Real, setReal] = useState<Impl | null>(() => loaded);
  const [opened, setOpened] = useState(false);

  useEffect(() => {
    if (Real) return undefined;
    const idle = typeof window.requestIdleCallback === 'function';
    const handle = idle ? window.requestIdleCallback(preload, { timeout: 2000 }) : window.setTimeout(preload, 200);
    return () => {
      if (idle) window.cancelIdleCallback(handle);
      else window.clearTimeout(handle);
    };
  }, [Real]);

  if (Real) {
    return <Real {...props} id={id} defaultOpen={opened} autoFocus={opened} />;
  }
  const labelId = `${id}-label`;
  const text = options.find((option) => option.value === value)?.label ?? '';
  // The press or key has ended (this runs on its click or keydown): the real select mounts
  // open, so no later part of the same press can reach it and close it again.
  const open = () => {
    setOpened(true);
    if (loaded) setReal(() => loaded);
    else loadImpl().then((component) => setReal(() => component), () => setOpened(false));
  };
  return (
    <FormControl className="MuiTextField-root" size="small" fullWidth={fullWidth} sx={sx}>
      <InputLabel id={labelId} htmlFor={id}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        value={value}
        inputComponent={ClosedSelect as never}
        inputProps={{ text, labelId, onOpen: open }}
        onFocus={preload}
      />
    </FormControl>
  );
}
