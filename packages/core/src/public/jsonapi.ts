/**
 * `@bollard/core/jsonapi`: JSON:API over a tracker's records, for servers such as `@bollard/http`.
 * Pure functions that write documents as JSON text from the records sessions return
 * (`resourceDocument`, `listDocument`, `buildDocument`) through one renderer (`resourceText`,
 * `renderResource`) and one writer (`writeDocument`); error documents, the resource definitions,
 * `include` parsing with its limits, and the texts of the hottest reads (`tracker.documents`).
 * @packageDocumentation
 */
export * from "../jsonapi/index.js";
export * from "../read-model/rendered-reads.js";
export { createTextReader, type TextReader, type TextsRead, type TextWants } from "../read-model/text-reader.js";
export { containerLinkage, eventLinkageText, fromRecordText, recordText, rendererFingerprint, textKeys, type ContainerEventIds } from "../read-model/resource-texts.js";
export {
  includePaths,
  includeTree,
  MAX_INCLUDE_DEPTH,
  MAX_INCLUDE_PATHS,
  MAX_INCLUDED_RESOURCES,
  mergeIncludes,
  parseIncludeParameter,
  type IncludeTree,
} from "../relations/include-paths.js";
export {
  containerCreatedEventResource,
  containerPodTerminalChangedEventResource,
  containerUpdatedEventResource,
  estimatedEventResource,
  WEBHOOK_RESOURCE_ATTRIBUTES,
  webhookEventCategoryResource,
  webhookNotificationLogResource,
} from "../jsonapi/webhook-resources.js";
export type { ContainerCreatedEventRecord, ContainerPodTerminalChangedEventRecord, ContainerUpdatedEventRecord, EstimatedEventRecord } from "../domain/webhook-event-objects.js";
