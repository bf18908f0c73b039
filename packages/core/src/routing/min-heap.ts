/**
 * A binary min-heap of integer ids keyed by a number. An id may be pushed again with a new key;
 * callers skip the stale entries they pop (lazy deletion).
 */
export class MinHeap {
  #nodes: number[] = [];
  #keys: number[] = [];

  /** How many entries are held. */
  get size(): number {
    return this.#nodes.length;
  }

  /** Adds `node` with priority `key`. */
  push(node: number, key: number): void {
    const nodes = this.#nodes;
    const keys = this.#keys;
    let i = nodes.length;
    nodes.push(node);
    keys.push(key);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (keys[parent]! <= key) break;
      nodes[i] = nodes[parent]!;
      keys[i] = keys[parent]!;
      i = parent;
    }
    nodes[i] = node;
    keys[i] = key;
  }

  /** Removes and returns the node with the least key. */
  pop(): number {
    const nodes = this.#nodes;
    const keys = this.#keys;
    const top = nodes[0]!;
    const lastNode = nodes.pop()!;
    const lastKey = keys.pop()!;
    const n = nodes.length;
    if (n > 0) {
      let i = 0;
      for (;;) {
        let child = 2 * i + 1;
        if (child >= n) break;
        if (child + 1 < n && keys[child + 1]! < keys[child]!) child += 1;
        if (keys[child]! >= lastKey) break;
        nodes[i] = nodes[child]!;
        keys[i] = keys[child]!;
        i = child;
      }
      nodes[i] = lastNode;
      keys[i] = lastKey;
    }
    return top;
  }
}
