import { MAX_INCLUDE_DEPTH, MAX_INCLUDE_PATHS, MAX_INCLUDED_RESOURCES } from "@bollard/core";
import { z } from "zod";
import "zod-openapi";

/** The `include` query parameter, with the limits every route applies to it. */
export const includeParameter = z
  .string()
  .optional()
  .meta({
    description:
      `Comma-separated relationship paths, e.g. containers,containers.transport_events: at most ${MAX_INCLUDE_PATHS} paths ` +
      `of at most ${MAX_INCLUDE_DEPTH} levels, reaching at most ${MAX_INCLUDED_RESOURCES} related records (400 on include otherwise)`,
  });

/** `page[number]`. */
export const pageNumberParameter = z.string().optional().meta({ description: "Page number, from 1" });
