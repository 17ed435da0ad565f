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
  loading ??= import('./SelectFieldImpl').then((module) => {
    loaded = module.default;
    return loaded;
  });
  return loading;
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
  onPress: (pressed: boolean) => void;
}

/**
 * The closed select as MUI renders it (the same elements, classes and roles): InputBase styles
 * it as its input, as it does MUI's own SelectInput.
 */
function ClosedSelect({ className, id, value, onFocus, onBlur, ref, text, labelId, onOpen, onPress }: DisplayProps) {
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
        onPointerDown={() => onPress(true)}
        onPointerUp={() => onPress(false)}
        onPointerCancel={() => onPress(false)}
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
 * Modal (~14 kB gzipped), more than a list page's first screen can carry: until they are in, a
 * look-alike renders the closed field (same elements, classes, label and combobox role). The
 * real one downloads once the page is idle and takes over while nobody is pressing the field;
 * opening the look-alike first (click, Enter, Space, arrows) downloads it at once and opens it.
 */
export default function SelectField(props: SelectFieldProps) {
  const { label, value, options, fullWidth, sx } = props;
  const generatedId = useId();
  const id = props.id ?? generatedId;
  const [Real, setReal] = useState<Impl | null>(() => loaded);
  const [intent, setIntent] = useState<{ open: boolean; focus: boolean }>({ open: false, focus: false });
  const pressed = useRef(false);
  const focused = useRef(false);

  useEffect(() => {
    if (Real) return undefined;
    let cancelled = false;
    const take = (component: Impl) => {
      if (cancelled) return;
      // Never in the middle of a press: a tap whose pointerdown and click land on two nodes is lost.
      if (pressed.current) {
        window.setTimeout(() => take(component), 50);
        return;
      }
      setIntent((current) => ({ ...current, focus: current.focus || focused.current }));
      setReal(() => component);
    };
    const load = () => void loadImpl().then(take);
    const idle = typeof window.requestIdleCallback === 'function';
    const handle = idle ? window.requestIdleCallback(load, { timeout: 2000 }) : window.setTimeout(load, 200);
    return () => {
      cancelled = true;
      if (idle) window.cancelIdleCallback(handle);
      else window.clearTimeout(handle);
    };
  }, [Real]);

  if (Real) {
    return <Real {...props} id={id} defaultOpen={intent.open} autoFocus={intent.focus} />;
  }
  const labelId = `${id}-label`;
  const text = options.find((option) => option.value === value)?.label ?? '';
  const open = () => {
    pressed.current = false;
    setIntent({ open: true, focus: true });
    void loadImpl().then((component) => setReal(() => component));
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
        inputProps={{
          text,
          labelId,
          onOpen: open,
          onPress: (down: boolean) => {
            pressed.current = down;
          },
        }}
        onFocus={() => {
          focused.current = true;
        }}
        onBlur={() => {
          focused.current = false;
        }}
      />
    </FormControl>
  );
}
