import type { ApiClient } from "../api/api-client.js";
import type { ContainerStore } from "./container-store.js";

/** What every signed-in view gets: the API client of the key, and the containers' store. */
export interface Session {
  api: ApiClient;
  containers: ContainerStore;
}
