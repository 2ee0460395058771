// Re-renders a Preact component when a signal it read during its last render changes: the one part of
// @preact/signals the widgets use (they read `.value` in render; they never pass a signal itself as a child or a
// prop), at a tenth of its size. It drives signals-core's Effect the way @preact/signals does: `S()` starts tracking
// and returns the function that ends it, `c()` is what a change calls, `d()` disposes; Preact's option hooks
// `__b` (a diff starts), `__r` (a component renders), `diffed`, `__e` (an error is caught) and `unmount`.
// `trackSignals()` installs the hooks once per bundle, when the first element class is made (after preact/hooks has
// installed its own, which ours wrap).
import { Fragment, options, type Component, type VNode } from "preact";
import { effect } from "@preact/signals-core";

interface Tracker {
  S(): () => void;
  c(): void;
  d(): void;
}
type Tracked = Component & { __fkSignals?: Tracker };
type Hook = (...args: never[]) => void;

const hooks = options as unknown as Record<string, Hook | undefined>;
let finish: (() => void) | undefined;

/** Ends the tracking of the component that rendered last (its render function has returned). */
function stop() {
  const end = finish;
  finish = undefined;
  end?.();
}

/** Wraps a Preact option hook: `first` runs ours before the previous hook (stops), otherwise after it (starts). */
function hook(name: string, first: boolean, ours: (vnode: VNode & { __c?: Tracked }) => void) {
  const previous = hooks[name] as ((...args: unknown[]) => void) | undefined;
  hooks[name] = ((...args: unknown[]) => {
    if (first) ours(args[0] as never);
    previous?.(...args);
    if (!first) ours(args[0] as never);
  }) as Hook;
}

let installed = false;

/**
 * Installs the option hooks (idempotent). A function, not an import side effect: bundlers drop side-effect-only imports
 * of our files.
 */
export function trackSignals() {
  if (installed) return;
  installed = true;
  hook("__b", true, stop);
  hook("__r", false, (vnode) => {
    stop();
    const component = vnode.__c;
    if (!component || vnode.type === Fragment) return;
    let tracker = component.__fkSignals;
    if (!tracker) {
      // An effect that tracks nothing yet; its run method becomes "render this component again".
      effect(function (this: Tracker) {
        tracker = this;
      });
      tracker!.c = () => component.setState({});
      component.__fkSignals = tracker;
    }
    finish = tracker!.S();
  });
  hook("diffed", true, stop);
  hook("__e", true, stop);
  hook("unmount", true, (vnode) => {
    const component = vnode.__c;
    component?.__fkSignals?.d();
    if (component) component.__fkSignals = undefined;
  });
}
