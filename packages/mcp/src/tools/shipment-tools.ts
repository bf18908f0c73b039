import { z } from "zod";
import { containerView, ContainerViewSchema, shipmentView, ShipmentViewSchema } from "../record-views.js";
import { defineTool } from "../tool-kit.js";

const MAX_CONTAINERS = 50;

/** `get_shipment_details`: a shipment's routing, vessel, dates and containers. */
export const getShipmentDetails = defineTool({
  name: "get_shipment_details",
  title: "Get Shipment Details",
  access: "read",
  description:
    "Get a shipment by id: bill of lading, shipping line, routing (port of lading → port of discharge → destination), vessel and voyage, " +
    "ETD/ATD/ETA/ATA, Bollard's predicted ETA and delay, and its containers (up to 50). Use it for questions about a shipment rather than one box.",
  input: {
    id: z.string().uuid().describe("The shipment's id (UUID)"),
    include_containers: z.boolean().optional().default(true).describe("Include the shipment's containers. Default: true"),
  },
  output: {
    shipment: ShipmentViewSchema,
    containers: z.array(ContainerViewSchema).nullable(),
    containers_total: z.number().int().nullable(),
    note: z.string(),
  },
  async run({ id, include_containers: withContainers }, { session }) {
    const shipment = await session.shipments.get(id, { include: ["containers"] });
    const containers = shipment.containers;
    const missing = [shipment.pod_eta_at === null && shipment.pod_ata_at === null && "no ETA or arrival at the port of discharge", shipment.pod_vessel_name === null && "no vessel"].filter(Boolean);
    return {
      shipment: shipmentView(shipment),
      containers: withContainers ? containers.slice(0, MAX_CONTAINERS).map(containerView) : null,
      containers_total: withContainers ? containers.length : null,
      note: [missing.length > 0 ? `Bollard holds ${missing.join(" and ")} for this shipment.` : "", withContainers && containers.length > MAX_CONTAINERS ? `The first ${MAX_CONTAINERS} of ${containers.length} containers are listed: list_containers pages through them.` : ""].filter(Boolean).join(" ") || "Figures as Bollard holds them.",
    };
  },
});
