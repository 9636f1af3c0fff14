// Pushed events to every transport. A throwing listener never breaks the engine or the
// other listeners.
import type { EventName } from '#shared/channels.ts';
import type { EventPayload } from '#shared/contract.ts';
import { errorMessage } from '#shared/error-message.ts';

type Listener<E extends EventName> = (payload: EventPayload<E>) => void;

export class Emitter {
  private readonly listeners = new Map<EventName, Set<Listener<EventName>>>();
  private readonly log: (message: string) => void;

  constructor(log: (message: string) => void) {
    this.log = log;
  }

  on<E extends EventName>(event: E, listener: Listener<E>): () => void {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    const l = listener as unknown as Listener<EventName>;
    set.add(l);
    return () => {
      set.delete(l);
    };
  }

  emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    for (const l of [...(this.listeners.get(event) ?? [])]) {
      try {
        l(payload as EventPayload<EventName>);
      } catch (err) {
        this.log(`a ${event} listener failed: ${errorMessage(err)}`);
      }
    }
  }

  clear(): void {
    this.listeners.clear();
  }
}
