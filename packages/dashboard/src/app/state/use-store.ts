import { useEffect, useState } from "preact/hooks";
import type { ContainerSnapshot, ContainerStore } from "./container-store.js";

/** The containers store's current snapshot; re-renders when it changes. */
export function useContainers(store: ContainerStore): ContainerSnapshot {
  const [snapshot, setSnapshot] = useState(store.get);
  useEffect(() => {
    setSnapshot(store.get());
    return store.subscribe(() => setSnapshot(store.get()));
  }, [store]);
  return snapshot;
}
