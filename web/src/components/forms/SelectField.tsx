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

type Want = 'focus' | 'open' | null;

/** A tap's click (and the focus it brings) follows its touchend by this much at most. */
const TAP_TAIL_MS = 500;

/**
 * A small outlined select (MUI's `TextField select`). MUI's Select brings its Menu, Popover and
 * Modal (~14 kB gzipped), more than a list page's first screen can carry: until first used, a
 * look-alike renders the closed field (same elements, classes, label and combobox role). The
 * real one downloads once the page is idle (or on the look-alike's focus or press) and takes
 * over only when the look-alike is used: opened (click or tap, Enter, Space, arrows), it mounts
 * open and focused; focused from the keyboard, it mounts focused (for MUI's typing to select).
 * Never in the middle of a press: one that started on the look-alike would end on a node that
 * is gone, and open nothing (issue 30).
 */
export default function SelectField(props: SelectFieldProps) {
  const { label, value, options, fullWidth, sx } = props;
  const generatedId = useId();
  const id = props.id ?? generatedId;
  // Already downloaded (an earlier page used it): nothing to wait for, no look-alike.
  const [Real, setReal] = useState<Impl | null>(() => loaded);
  // What the look-alike was asked for: the real one mounts open, or focused, accordingly.
  const [wanted, setWanted] = useState<Want>(null);
  const wantedNow = useRef<Want>(null);
  const press = useRef({ down: false, upAt: -Infinity });

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
    return <Real {...props} id={id} defaultOpen={wanted === 'open'} autoFocus={wanted !== null} />;
  }
  const labelId = `${id}-label`;
  const text = options.find((option) => option.value === value)?.label ?? '';

  const want = (next: Want) => {
    wantedNow.current = next;
    setWanted(next);
  };
  const inPress = () => press.current.down || performance.now() - press.current.upAt < TAP_TAIL_MS;
  // Hands over to the real select, unless it is no longer wanted or a press is under way (only
  // its click may hand over then: a focus waits for the press to end).
  const settle = (component: Impl) => {
    if (wantedNow.current === 'focus' && inPress()) {
      window.setTimeout(() => settle(component), 100);
    } else if (wantedNow.current) {
      setReal(() => component);
    }
  };
  // On a click (the press is over: nothing of it is left to reach the real one) or a key.
  const take = (next: 'focus' | 'open') => {
    want(wantedNow.current === 'open' ? 'open' : next);
    if (loaded) settle(loaded);
    else loadImpl().then(settle, () => want(null));
  };
  return (
    <FormControl
      className="MuiTextField-root"
      size="small"
      fullWidth={fullWidth}
      sx={sx}
      onPointerDownCapture={() => {
        press.current.down = true;
        const end = () => {
          press.current = { down: false, upAt: performance.now() };
          window.removeEventListener('pointerup', end, true);
          window.removeEventListener('pointercancel', end, true);
        };
        window.addEventListener('pointerup', end, true);
        window.addEventListener('pointercancel', end, true);
        preload();
      }}
    >
      <InputLabel id={labelId} htmlFor={id}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        value={value}
        inputComponent={ClosedSelect as never}
        inputProps={{ text, labelId, onOpen: () => take('open') }}
        onFocus={() => {
          // A press's focus waits for its click; the keyboard's (or a script's) hands over now.
          if (inPress()) preload();
          else take('focus');
        }}
        onBlur={() => {
          // Left before the download was in: the real one should not take the focus back.
          if (!loaded) want(null);
        }}
      />
    </FormControl>
  );
}
