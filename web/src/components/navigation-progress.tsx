import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigation } from "react-router";

type Phase = "idle" | "running" | "done";

/**
 * A thin bar at the top of the window on every navigation: it grows while the router loads
 * (loaders, lazy routes), and completes once the new location is shown.
 */
export const NavigationProgress = () => {
  const navigation = useNavigation();
  const location = useLocation();
  const [phase, setPhase] = useState<Phase>("idle");
  const first = useRef(true);
  const busy = navigation.state !== "idle";

  useEffect(() => {
    if (busy) setPhase("running");
  }, [busy]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new location key is a navigation.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    setPhase("done");
    const timer = window.setTimeout(() => setPhase("idle"), 450);
    return () => window.clearTimeout(timer);
  }, [location.key]);

  return (
    <div
      className="registre-progress"
      data-phase={busy ? "running" : phase}
      role="progressbar"
      aria-hidden={busy ? undefined : true}
      aria-busy={busy}
      aria-valuemin={0}
      aria-valuemax={100}
      data-testid="navigation-progress"
    />
  );
};
