/**
 * Cloudflare counts every `fetch` a request makes and every call to a binding (R2, a Durable
 * Object, the Cache API) as a subrequest, and stops a request at 50 on the free plan (ADR 049).
 * Each request is metered: the database's exchanges (each one a fetch to Turso), other fetches
 * (Mollie, mail, push, …) and binding calls, including the work it leaves running after its
 * response (`ctx.waitUntil`). A request that comes close to the limit is logged; the workerd tests
 * read the figures of a request that asks for them (`tests/workers/subrequest-budget.test.ts`).
 */
import { AsyncLocalStorage } from "node:async_hooks";

/** The free plan's limit per request. */
export const SUBREQUEST_LIMIT = 50;
/** From here on a request is logged: 80 % of the limit. */
const WARN_AT = 40;

export class SubrequestMeter {
  /** @param afterResponse whether this meters work that runs after the response (`afterResponse`) */
  constructor(readonly afterResponse = false) {}
  /** Every subrequest, the database's included. */
  total = 0;
  /** Exchanges with the database the response waited for. */
  database = 0;
  /** Exchanges with the database made by work that runs after the response (`afterResponse`). */
  databaseAfterResponse = 0;
}

const meters = new AsyncLocalStorage<SubrequestMeter>();

/** Counts one subrequest against the current request's meter (none outside a request: crons, tests). */
export function countSubrequest() {
  const meter = meters.getStore();
  if (meter) meter.total++;
}

/**
 * Notes that one of the current request's fetches is an exchange with the database; true when it is
 * made by work that runs after the response, which nobody waits for.
 */
export function noteDatabaseExchange(): boolean {
  const meter = meters.getStore();
  if (meter) meter.database++;
  return meter?.afterResponse ?? false;
}

/** Runs `work` (the request) with its meter. */
export function meterRequest<T>(meter: SubrequestMeter, work: () => T): T {
  return meters.run(meter, work);
}

/**
 * The request's context, remembering the work it hands to `waitUntil`; `settled` resolves once all
 * of it (and what that work handed on in turn) has finished.
 */
export function trackedContext(ctx: ExecutionContext): { ctx: ExecutionContext; settled: () => Promise<void> } {
  const pending: Promise<unknown>[] = [];
  const tracked: ExecutionContext = {
    waitUntil(promise) {
      pending.push(promise);
      ctx.waitUntil(promise);
    },
    passThroughOnException: () => ctx.passThroughOnException(),
    get props() {
      return ctx.props;
    },
  } as ExecutionContext;
  const settled = async () => {
    for (let done = 0; done < pending.length; ) {
      const batch = pending.slice(done);
      done = pending.length;
      await Promise.allSettled(batch);
    }
  };
  return { ctx: tracked, settled };
}

/** Work that runs after the response, counted apart from what the visitor waited for. */
export function afterResponse<T>(work: () => Promise<T>): Promise<T> {
  const meter = meters.getStore();
  if (!meter) return work();
  const after = new SubrequestMeter(true);
  return meters.run(after, work).finally(() => {
    meter.total += after.total;
    meter.databaseAfterResponse += after.database + after.databaseAfterResponse;
  });
}

/** Logs a request that used 80 % of the limit (its work after the response included). */
export function warnIfNearLimit(meter: SubrequestMeter, request: Request) {
  if (meter.total < WARN_AT) return;
  const { pathname } = new URL(request.url);
  console.warn(`${request.method} ${pathname} made ${meter.total} subrequests (limit ${SUBREQUEST_LIMIT} on the free plan)`);
}

let fetchMetered = false;

/** Counts every `fetch` of the isolate against the request that makes it (installed once per isolate). */
export function meterGlobalFetch() {
  if (fetchMetered) return;
  fetchMetered = true;
  const original = globalThis.fetch;
  globalThis.fetch = function meteredFetch(input: RequestInfo | URL, init?: RequestInit) {
    countSubrequest();
    return original(input, init);
  } as typeof fetch;
}

/** An R2 bucket whose every call counts as a subrequest. */
export function meteredBucket(bucket: R2Bucket): R2Bucket {
  return meteredCalls(bucket);
}

/** A Durable Object namespace whose stubs count every call as a subrequest (ids cost nothing). */
export function meteredNamespace<T extends { get(id: DurableObjectId): object }>(namespace: T): T {
  return new Proxy(namespace, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      if (property === "get" || property === "getByName") return (...args: unknown[]) => meteredCalls(Reflect.apply(value, target, args));
      return value.bind(target);
    },
  });
}

function meteredCalls<T extends object>(binding: T): T {
  return new Proxy(binding, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        countSubrequest();
        // Reflect.apply: on a Durable Object stub, `value.apply` would be a call of an RPC method named "apply".
        return Reflect.apply(value, target, args);
      };
    },
  });
}
