// MUI's TouchRipple, loaded on the first interaction (issue 30: the first screen's JavaScript).
//
// MUI's ButtonBase mounts its ripple only once a button is pressed, focused from the keyboard or
// touched (its `useLazyRipple`), but imports TouchRipple's code statically, so every page that
// shows a button downloads it. In the production build, build-plugins/lazyTouchRipple.ts makes
// ButtonBase import this component instead: the first time a ButtonBase mounts its ripple, it
// loads TouchRipple's code and renders it. Until then it renders nothing, as ButtonBase did
// before the interaction (the ripple is an absolutely positioned overlay: no layout shift), and
// the ripple calls ButtonBase makes meanwhile (start, stop, pulsate) are kept and replayed, in
// order, once TouchRipple is in; the button itself (its click, focus, keyboard handling and focus
// styles) works at once, as none of that goes through the ripple.
import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef, useState, type ForwardRefExoticComponent, type RefAttributes } from 'react';
import type { TouchRippleActions, TouchRippleProps } from '@mui/material/ButtonBase/TouchRipple';

type Ripple = ForwardRefExoticComponent<TouchRippleProps & RefAttributes<TouchRippleActions>>;

let loaded: Ripple | null = null;
let loading: Promise<Ripple> | null = null;

/** TouchRipple's code, once (again after a failure). */
function loadTouchRipple(): Promise<Ripple> {
  loading ??= import('@mui/material/ButtonBase/TouchRipple').then(
    (module) => {
      loaded = module.default as unknown as Ripple;
      return loaded;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

type Call = (ripple: TouchRippleActions) => void;

const LazyTouchRipple = forwardRef<TouchRippleActions, TouchRippleProps>(function LazyTouchRipple(props, ref) {
  const [Component, setComponent] = useState<Ripple | null>(() => loaded);
  const ripple = useRef<TouchRippleActions | null>(null);
  const waiting = useRef<Call[]>([]);

  useImperativeHandle(ref, () => {
    const call = (action: Call) => {
      if (ripple.current) action(ripple.current);
      else waiting.current.push(action);
    };
    return {
      start: (event, options, callback) => call((actions) => actions.start(event, options, callback)),
      stop: (event, callback) => call((actions) => actions.stop(event, callback)),
      pulsate: (event) => call((actions) => actions.pulsate(event)),
    };
  }, []);

  useEffect(() => {
    if (Component) return;
    let mounted = true;
    loadTouchRipple().then(
      (loadedRipple) => {
        if (mounted) setComponent(() => loadedRipple);
      },
      // No ripple then (it is decoration): the calls kept for it are dropped, the button works on.
      () => {
        waiting.current = [];
      },
    );
    return () => {
      mounted = false;
    };
  }, [Component]);

  const attach = useCallback((actions: TouchRippleActions | null) => {
    ripple.current = actions;
    if (!actions) return;
    const calls = waiting.current;
    waiting.current = [];
    for (const action of calls) action(actions);
  }, []);

  return Component ? <Component ref={attach} {...props} /> : null;
});

export default LazyTouchRipple;
