--
-- PostgreSQL database dump
--

\restrict 03IXnu0vPULJFiZbjKPfRA1iW7xgjFaC0K5baxS8OlrfjEd9r9h4gmlM1984dAi

-- Dumped from database version 15.18 (Debian 15.18-0+deb12u1)
-- Dumped by pg_dump version 15.18 (Debian 15.18-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Name: public; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA public;


--
-- Name: SCHEMA public; Type: COMMENT; Schema: -; Owner: -
--

COMMENT ON SCHEMA public IS 'standard public schema';


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: accounts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.accounts (
    id uuid NOT NULL,
    company_name text NOT NULL COLLATE pg_catalog."C",
    created_at timestamp with time zone NOT NULL,
    doc json NOT NULL
);


--
-- Name: api_keys; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.api_keys (
    id uuid NOT NULL,
    account_id uuid NOT NULL,
    key_hash text NOT NULL COLLATE pg_catalog."C",
    doc json NOT NULL
);


--
-- Name: containers; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.containers (
    id uuid NOT NULL,
    account_id uuid NOT NULL,
    shipment_id uuid NOT NULL,
    created_at timestamp with time zone NOT NULL,
    number_lc text NOT NULL COLLATE pg_catalog."C",
    doc json NOT NULL
);


--
-- Name: custom_field_definitions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.custom_field_definitions (
    id uuid NOT NULL,
    account_id uuid,
    api_slug text NOT NULL COLLATE pg_catalog."C",
    entity_type text NOT NULL COLLATE pg_catalog."C",
    data_type text NOT NULL COLLATE pg_catalog."C",
    display_name_lc text NOT NULL COLLATE pg_catalog."C",
    created_at timestamp with time zone NOT NULL,
    doc json NOT NULL
);


--
-- Name: custom_field_options; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.custom_field_options (
    id uuid NOT NULL,
    account_id uuid NOT NULL,
    definition_id uuid NOT NULL,
    value text NOT NULL COLLATE pg_catalog."C",
    "position" bigint,
    created_at timestamp with time zone NOT NULL,
    doc json NOT NULL
);


--
-- Name: custom_fields; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.custom_fields (
    id uuid NOT NULL,
    account_id uuid NOT NULL,
    definition_id uuid NOT NULL,
    entity_type text NOT NULL COLLATE pg_catalog."C",
    entity_id uuid NOT NULL,
    api_slug text NOT NULL COLLATE pg_catalog."C",
    number_value numeric(18,6),
    created_at timestamp with time zone NOT NULL,
    doc json NOT NULL
);


--
-- Name: domain_events; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.domain_events (
    id uuid NOT NULL,
    account_id uuid NOT NULL,
    shipment_id uuid,
    container_id uuid,
    event text NOT NULL COLLATE pg_catalog."C",
    created_at timestamp with time zone NOT NULL,
    doc json NOT NULL
);


--
-- Name: kysely_migration; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.kysely_migration (
    name character varying(255) NOT NULL,
    "timestamp" character varying(255) NOT NULL
);


--
-- Name: kysely_migration_lock; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.kysely_migration_lock (
    id character varying(255) NOT NULL,
    is_locked integer DEFAULT 0 NOT NULL
);


--
-- Name: meta; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.meta (
    key text NOT NULL COLLATE pg_catalog."C",
    value text NOT NULL
);


--
-- Name: metro_areas; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.metro_areas (
    id uuid NOT NULL,
    code text NOT NULL COLLATE pg_catalog."C",
    doc json NOT NULL
);


--
-- Name: ports; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.ports (
    id uuid NOT NULL,
    code text NOT NULL COLLATE pg_catalog."C",
    doc json NOT NULL
);


--
-- Name: rail_terminals; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.rail_terminals (
    id uuid NOT NULL,
    doc json NOT NULL
);


--
-- Name: raw_events; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.raw_events (
    id uuid NOT NULL,
    account_id uuid NOT NULL,
    container_id uuid NOT NULL,
    idx bigint NOT NULL,
    created_at timestamp with time zone NOT NULL,
    doc json NOT NULL
);


--
-- Name: shipments; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.shipments (
    id uuid NOT NULL,
    account_id uuid NOT NULL,
    created_at timestamp with time zone NOT NULL,
    bl_number_lc text NOT NULL COLLATE pg_catalog."C",
    normalized_number_lc text NOT NULL COLLATE pg_catalog."C",
    tracking_stopped boolean NOT NULL,
    search_text text NOT NULL COLLATE pg_catalog."C",
    doc json NOT NULL
);


--
-- Name: shipping_lines; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.shipping_lines (
    id uuid NOT NULL,
    scac text NOT NULL COLLATE pg_catalog."C",
    doc json NOT NULL
);


--
-- Name: terminals; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.terminals (
    id uuid NOT NULL,
    doc json NOT NULL
);


--
-- Name: tracking_requests; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.tracking_requests (
    id uuid NOT NULL,
    account_id uuid NOT NULL,
    created_at timestamp with time zone NOT NULL,
    updated_at timestamp with time zone NOT NULL,
    request_number_lc text NOT NULL COLLATE pg_catalog."C",
    status text NOT NULL COLLATE pg_catalog."C",
    scac text COLLATE pg_catalog."C",
    next_attempt_at timestamp with time zone,
    search_text text NOT NULL COLLATE pg_catalog."C",
    doc json NOT NULL
);


--
-- Name: transport_events; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.transport_events (
    id uuid NOT NULL,
    account_id uuid NOT NULL,
    container_id uuid NOT NULL,
    "timestamp" timestamp with time zone,
    created_at timestamp with time zone NOT NULL,
    doc json NOT NULL
);


--
-- Name: users; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.users (
    id uuid NOT NULL,
    account_id uuid NOT NULL,
    created_at timestamp with time zone NOT NULL,
    doc json NOT NULL
);


--
-- Name: vessel_positions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.vessel_positions (
    vessel_id uuid NOT NULL,
    "timestamp" timestamp with time zone NOT NULL,
    doc json NOT NULL
);


--
-- Name: vessels; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.vessels (
    id uuid NOT NULL,
    imo text COLLATE pg_catalog."C",
    mmsi text NOT NULL COLLATE pg_catalog."C",
    doc json NOT NULL
);


--
-- Name: webhook_notification_attempts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.webhook_notification_attempts (
    id uuid NOT NULL,
    notification_id uuid NOT NULL,
    attempted_at timestamp with time zone NOT NULL,
    doc json NOT NULL
);


--
-- Name: webhook_notifications; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.webhook_notifications (
    id uuid NOT NULL,
    account_id uuid NOT NULL,
    webhook_id uuid NOT NULL,
    delivery_status text NOT NULL COLLATE pg_catalog."C",
    next_attempt_at timestamp with time zone,
    created_at timestamp with time zone NOT NULL,
    doc json NOT NULL
);


--
-- Name: webhooks; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.webhooks (
    id uuid NOT NULL,
    account_id uuid NOT NULL,
    active boolean NOT NULL,
    created_at timestamp with time zone NOT NULL,
    doc json NOT NULL
);


--
-- Data for Name: accounts; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.accounts VALUES ('01a2090a-4eb1-7252-b7c0-67c24fce76f1', 'Upgrade Ltd', '2026-11-23 15:33:20.178+00', '{"id":"01a2090a-4eb1-7252-b7c0-67c24fce76f1","company_name":"Upgrade Ltd","created_at":"2026-11-23T15:33:20.178Z"}');


--
-- Data for Name: api_keys; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.api_keys VALUES ('01a2090a-4ec1-75ad-9375-4b7da4910053', '01a2090a-4eb1-7252-b7c0-67c24fce76f1', 'eb85778056782d85cc29b58fce8130473b3ab7b1479a4669edc3566d229a5ee2', '{"id":"01a2090a-4ec1-75ad-9375-4b7da4910053","account_id":"01a2090a-4eb1-7252-b7c0-67c24fce76f1","user_id":"01a2090a-4ebe-74d2-8be3-51eac81f06ae","key_hash":"eb85778056782d85cc29b58fce8130473b3ab7b1479a4669edc3566d229a5ee2","prefix":"bl_live_01a2","created_at":"2026-11-23T15:33:20.193Z","last_used_at":null}');


--
-- Data for Name: containers; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.containers VALUES ('01a2090a-4ebf-71a3-934c-fd4c138989e9', '01a2090a-4eb1-7252-b7c0-67c24fce76f1', '01a2090a-4ebf-71a1-9a44-0598f66b0f12', '2026-11-23 15:33:20.191+00', 'tghu9070080', '{"id":"01a2090a-4ebf-71a3-934c-fd4c138989e9","account_id":"01a2090a-4eb1-7252-b7c0-67c24fce76f1","shipment_id":"01a2090a-4ebf-71a1-9a44-0598f66b0f12","number":"TGHU9070080","seal_number":"ML-KR1234008","created_at":"2026-11-23T15:33:20.191Z","updated_at":"2026-11-23T15:33:20.191Z","ref_numbers":[],"weight_in_lbs":52910,"equipment_type":"dry","equipment_length":40,"equipment_height":"high_cube","current_status":"on_ship","availability_known":false,"available_for_pickup":false,"pickup_lfd":null,"pickup_appointment_at":null,"pod_arrived_at":null,"pod_discharged_at":null,"pod_full_out_at":null,"pod_full_out_chassis_number":null,"terminal_checked_at":null,"location_at_pod_terminal":null,"final_destination_full_out_at":null,"empty_terminated_at":null,"holds_at_pod_terminal":[{"name":"customs","status":"hold","description":""}],"fees_at_pod_terminal":[{"type":"demurrage","amount":850,"currency_code":"USD"}],"pod_timezone":"America/New_York","final_destination_timezone":null,"empty_terminated_timezone":null,"pod_rail_carrier_scac":"CSXT","ind_rail_carrier_scac":null,"pod_last_tracking_request_at":"2026-11-23T15:33:20.191Z","shipment_last_tracking_request_at":"2026-11-23T15:33:20.191Z","pod_rail_loaded_at":null,"pod_rail_departed_at":null,"ind_eta_at":null,"ind_ata_at":null,"ind_rail_unloaded_at":null,"ind_facility_lfd_on":null,"import_deadlines":{"pickup_lfd_terminal":null,"pickup_lfd_rail":null,"pickup_lfd_line":null},"pod_terminal_id":null,"pickup_facility_id":null}');
INSERT INTO public.containers VALUES ('01a2090a-4ec0-76c6-8a24-221516e809da', '01a2090a-4eb1-7252-b7c0-67c24fce76f1', '01a2090a-4ebf-71a1-9a44-0598f66b0f12', '2026-11-23 15:33:20.191+00', 'cmau9070092', '{"id":"01a2090a-4ec0-76c6-8a24-221516e809da","account_id":"01a2090a-4eb1-7252-b7c0-67c24fce76f1","shipment_id":"01a2090a-4ebf-71a1-9a44-0598f66b0f12","number":"CMAU9070092","seal_number":"ML-KR1234009","created_at":"2026-11-23T15:33:20.191Z","updated_at":"2026-11-23T15:33:20.191Z","ref_numbers":[],"weight_in_lbs":52910,"equipment_type":"dry","equipment_length":40,"equipment_height":"high_cube","current_status":"on_ship","availability_known":false,"available_for_pickup":false,"pickup_lfd":null,"pickup_appointment_at":null,"pod_arrived_at":null,"pod_discharged_at":null,"pod_full_out_at":null,"pod_full_out_chassis_number":null,"terminal_checked_at":null,"location_at_pod_terminal":null,"final_destination_full_out_at":null,"empty_terminated_at":null,"holds_at_pod_terminal":[{"name":"customs","status":"hold","description":""}],"fees_at_pod_terminal":[{"type":"demurrage","amount":850,"currency_code":"USD"}],"pod_timezone":"America/New_York","final_destination_timezone":null,"empty_terminated_timezone":null,"pod_rail_carrier_scac":"CSXT","ind_rail_carrier_scac":null,"pod_last_tracking_request_at":"2026-11-23T15:33:20.191Z","shipment_last_tracking_request_at":"2026-11-23T15:33:20.191Z","pod_rail_loaded_at":null,"pod_rail_departed_at":null,"ind_eta_at":null,"ind_ata_at":null,"ind_rail_unloaded_at":null,"ind_facility_lfd_on":null,"import_deadlines":{"pickup_lfd_terminal":null,"pickup_lfd_rail":null,"pickup_lfd_line":null},"pod_terminal_id":null,"pickup_facility_id":null}');
INSERT INTO public.containers VALUES ('01a2090a-4ec0-76c7-9e1c-20c75d8d85d7', '01a2090a-4eb1-7252-b7c0-67c24fce76f1', '01a2090a-4ebf-71a2-8763-90e1821022c0', '2026-11-23 15:33:20.192+00', 'msku9070107', '{"id":"01a2090a-4ec0-76c7-9e1c-20c75d8d85d7","account_id":"01a2090a-4eb1-7252-b7c0-67c24fce76f1","shipment_id":"01a2090a-4ebf-71a2-8763-90e1821022c0","number":"MSKU9070107","seal_number":"ML-KR1234010","created_at":"2026-11-23T15:33:20.192Z","updated_at":"2026-11-23T15:33:20.192Z","ref_numbers":[],"weight_in_lbs":52910,"equipment_type":"dry","equipment_length":40,"equipment_height":"high_cube","current_status":"on_ship","availability_known":false,"available_for_pickup":false,"pickup_lfd":null,"pickup_appointment_at":null,"pod_arrived_at":null,"pod_discharged_at":null,"pod_full_out_at":null,"pod_full_out_chassis_number":null,"terminal_checked_at":null,"location_at_pod_terminal":null,"final_destination_full_out_at":null,"empty_terminated_at":null,"holds_at_pod_terminal":[{"name":"customs","status":"hold","description":""}],"fees_at_pod_terminal":[{"type":"demurrage","amount":850,"currency_code":"USD"}],"pod_timezone":"America/New_York","final_destination_timezone":null,"empty_terminated_timezone":null,"pod_rail_carrier_scac":"CSXT","ind_rail_carrier_scac":null,"pod_last_tracking_request_at":"2026-11-23T15:33:20.192Z","shipment_last_tracking_request_at":"2026-11-23T15:33:20.192Z","pod_rail_loaded_at":null,"pod_rail_departed_at":null,"ind_eta_at":null,"ind_ata_at":null,"ind_rail_unloaded_at":null,"ind_facility_lfd_on":null,"import_deadlines":{"pickup_lfd_terminal":null,"pickup_lfd_rail":null,"pickup_lfd_line":null},"pod_terminal_id":null,"pickup_facility_id":null}');


--
-- Data for Name: custom_field_definitions; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.custom_field_definitions VALUES ('01a2090a-4ec0-76c8-bcf5-1a744786e55a', '01a2090a-4eb1-7252-b7c0-67c24fce76f1', 'customer_po_11', 'Shipment', 'short_text', 'customer po 11', '2026-11-23 15:33:20.192+00', '{"id":"01a2090a-4ec0-76c8-bcf5-1a744786e55a","account_id":"01a2090a-4eb1-7252-b7c0-67c24fce76f1","template_id":null,"entity_type":"Shipment","api_slug":"customer_po_11","display_name":"Customer PO 11","description":"The purchase order number on the customer''s booking","data_type":"short_text","reference_type":null,"validation":{"required":false,"max_length":64},"default_format":null,"default_value":null,"created_at":"2026-11-23T15:33:20.192Z","updated_at":"2026-11-23T15:33:20.192Z"}');


--
-- Data for Name: custom_field_options; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.custom_field_options VALUES ('01a2090a-4eca-714e-8746-88d952566aa4', '01a2090a-4eb1-7252-b7c0-67c24fce76f1', '01a2090a-4ec0-76c8-bcf5-1a744786e55a', 'priority_19', 9, '2026-11-23 15:33:20.202+00', '{"id":"01a2090a-4eca-714e-8746-88d952566aa4","account_id":"01a2090a-4eb1-7252-b7c0-67c24fce76f1","definition_id":"01a2090a-4ec0-76c8-bcf5-1a744786e55a","label":"Priority 19","value":"priority_19","position":9,"created_at":"2026-11-23T15:33:20.202Z","updated_at":"2026-11-23T15:33:20.202Z"}');


--
-- Data for Name: custom_fields; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.custom_fields VALUES ('01a2090a-4eca-714f-a832-82d75b8568d6', '01a2090a-4eb1-7252-b7c0-67c24fce76f1', '01a2090a-4ec0-76c8-bcf5-1a744786e55a', 'shipment', '01a2090a-4ebf-71a1-9a44-0598f66b0f12', 'customer_po', NULL, '2026-11-23 15:33:20.202+00', '{"id":"01a2090a-4eca-714f-a832-82d75b8568d6","account_id":"01a2090a-4eb1-7252-b7c0-67c24fce76f1","definition_id":"01a2090a-4ec0-76c8-bcf5-1a744786e55a","entity_type":"shipment","entity_id":"01a2090a-4ebf-71a1-9a44-0598f66b0f12","api_slug":"customer_po","value":"PO-88020","display_value":"PO-88020","stored_value":"PO-88020","updated_by_user_id":null,"created_at":"2026-11-23T15:33:20.202Z","updated_at":"2026-11-23T15:33:20.202Z"}');


--
-- Data for Name: domain_events; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: kysely_migration; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.kysely_migration VALUES ('0001-initial', '2026-11-23T15:33:24.293Z');


--
-- Data for Name: kysely_migration_lock; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.kysely_migration_lock VALUES ('migration_lock', 0);


--
-- Data for Name: meta; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.meta VALUES ('upgrade.note', 'written by main a730691');


--
-- Data for Name: metro_areas; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.metro_areas VALUES ('01a2090a-4ec9-741f-8cc6-852b4fc5947e', 'USCHI', '{"id":"01a2090a-4ec9-741f-8cc6-852b4fc5947e","name":"Chicago","code":"USCHI","state_abbr":"IL","country_code":"US","time_zone":"America/Chicago","latitude":41.8781,"longitude":-87.6298}');


--
-- Data for Name: ports; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.ports VALUES ('01a2090a-4ebe-74d3-973b-f06907bd7006', 'USCHS', '{"id":"01a2090a-4ebe-74d3-973b-f06907bd7006","name":"Charleston","code":"USCHS","state_abbr":"SC","state":"South Carolina","city":"Charleston","country_code":"US","country":"United States","time_zone":"America/New_York","latitude":32.7765,"longitude":-79.9311}');
INSERT INTO public.ports VALUES ('01a2090a-4ebe-74d4-83e1-12df4e5b5b73', 'NLRTM', '{"id":"01a2090a-4ebe-74d4-83e1-12df4e5b5b73","name":"Rotterdam","code":"NLRTM","state_abbr":null,"state":null,"city":"Rotterdam","country_code":"NL","country":"Netherlands","time_zone":"Europe/Amsterdam","latitude":51.9225,"longitude":4.4792}');


--
-- Data for Name: rail_terminals; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.rail_terminals VALUES ('01a2090a-4ec9-741e-83a0-9b5e1b85daf8', '{"id":"01a2090a-4ec9-741e-83a0-9b5e1b85daf8","name":"BNSF Logistics Park Chicago 14","nickname":"LPC","firms_code":"H014","port_id":null,"metro_area_id":null}');


--
-- Data for Name: raw_events; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.raw_events VALUES ('01a2090a-4eca-714c-bf2d-62f5a1f627b4', '01a2090a-4eb1-7252-b7c0-67c24fce76f1', '01a2090a-4ebf-71a3-934c-fd4c138989e9', 1, '2026-11-23 15:33:20.202+00', '{"id":"01a2090a-4eca-714c-bf2d-62f5a1f627b4","account_id":"01a2090a-4eb1-7252-b7c0-67c24fce76f1","shipment_id":"01a2090a-4ebf-71a1-9a44-0598f66b0f12","container_id":"01a2090a-4ebf-71a3-934c-fd4c138989e9","timestamp":"2024-06-22T09:12:00.000Z","estimated":false,"actual_on":"2024-06-22","estimated_at":null,"actual_at":"2024-06-22T09:12:00.000Z","event":"vessel_loaded","index":1,"original_event":"Vessel Loaded","created_at":"2026-11-23T15:33:20.202Z","voyage_number":"546E","location_name":"Busan","location_locode":"KRPUS","vessel_name":"MAERSK SHIVLING","vessel_imo":"9728253","timezone":"Asia/Seoul","location_id":null,"vessel_id":null}');


--
-- Data for Name: shipments; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.shipments VALUES ('01a2090a-4ebf-71a1-9a44-0598f66b0f12', '01a2090a-4eb1-7252-b7c0-67c24fce76f1', '2026-11-23 15:33:20.191+00', 'hlcusel240000006', 'sel240000006', false, 'hlcusel240000006po-1po-2', '{"id":"01a2090a-4ebf-71a1-9a44-0598f66b0f12","account_id":"01a2090a-4eb1-7252-b7c0-67c24fce76f1","created_at":"2026-11-23T15:33:20.191Z","updated_at":"2026-11-23T15:33:20.191Z","ref_numbers":["PO-1","PO-2"],"tags":["east-coast"],"bill_of_lading_number":"HLCUSEL240000006","normalized_number":"SEL240000006","shipping_line_scac":"HLCU","shipping_line_name":"Hapag-Lloyd","shipping_line_short_name":"Hapag-Lloyd","customer_name":"CUSTOMER-001","port_of_lading_locode":"KRPUS","port_of_lading_name":"Busan","port_of_discharge_locode":"USCHS","port_of_discharge_name":"Charleston","pod_vessel_name":"MAERSK SHIVLING","pod_vessel_imo":"9728253","pod_voyage_number":"546E","destination_locode":null,"destination_name":null,"destination_timezone":null,"destination_eta_at":null,"destination_ata_at":null,"pol_etd_at":"2024-06-22T10:00:00.000Z","pol_atd_at":"2024-06-22T13:41:00.000Z","pol_timezone":"Asia/Seoul","pod_eta_at":"2024-07-28T12:00:00.000Z","pod_original_eta_at":"2024-07-26T12:00:00.000Z","pod_ata_at":null,"pod_timezone":"America/New_York","line_tracking_last_attempted_at":"2026-11-23T15:33:20.191Z","line_tracking_last_succeeded_at":"2026-11-23T15:33:20.191Z","line_tracking_stopped_at":null,"line_tracking_stopped_reason":null,"tracking_request_id":null,"port_of_lading_id":null,"port_of_discharge_id":null,"pod_terminal_id":null,"destination_id":null,"destination_type":null,"destination_terminal_id":null,"destination_terminal_type":null,"line_tracking_stopped_by_user_id":null,"pod_vessel_id":null,"pol_original_etd_at":"2024-06-21T10:00:00.000Z"}');
INSERT INTO public.shipments VALUES ('01a2090a-4ebf-71a2-8763-90e1821022c0', '01a2090a-4eb1-7252-b7c0-67c24fce76f1', '2026-11-23 15:33:20.191+00', 'hlcusel240000007', 'sel240000007', true, 'hlcusel240000007po-88007', '{"id":"01a2090a-4ebf-71a2-8763-90e1821022c0","account_id":"01a2090a-4eb1-7252-b7c0-67c24fce76f1","created_at":"2026-11-23T15:33:20.191Z","updated_at":"2026-11-23T15:33:20.191Z","ref_numbers":["PO-88007"],"tags":["east-coast"],"bill_of_lading_number":"HLCUSEL240000007","normalized_number":"SEL240000007","shipping_line_scac":"HLCU","shipping_line_name":"Hapag-Lloyd","shipping_line_short_name":"Hapag-Lloyd","customer_name":"CUSTOMER-001","port_of_lading_locode":"KRPUS","port_of_lading_name":"Busan","port_of_discharge_locode":"USCHS","port_of_discharge_name":"Charleston","pod_vessel_name":"MAERSK SHIVLING","pod_vessel_imo":"9728253","pod_voyage_number":"546E","destination_locode":null,"destination_name":null,"destination_timezone":null,"destination_eta_at":null,"destination_ata_at":null,"pol_etd_at":"2024-06-22T10:00:00.000Z","pol_atd_at":"2024-06-22T13:41:00.000Z","pol_timezone":"Asia/Seoul","pod_eta_at":"2024-07-28T12:00:00.000Z","pod_original_eta_at":"2024-07-26T12:00:00.000Z","pod_ata_at":null,"pod_timezone":"America/New_York","line_tracking_last_attempted_at":"2026-11-23T15:33:20.191Z","line_tracking_last_succeeded_at":"2026-11-23T15:33:20.191Z","line_tracking_stopped_at":"2026-01-01T00:05:00.000Z","line_tracking_stopped_reason":"cancelled_by_user","tracking_request_id":null,"port_of_lading_id":null,"port_of_discharge_id":null,"pod_terminal_id":null,"destination_id":null,"destination_type":null,"destination_terminal_id":null,"destination_terminal_type":null,"line_tracking_stopped_by_user_id":null,"pod_vessel_id":null,"pol_original_etd_at":"2024-06-21T10:00:00.000Z"}');


--
-- Data for Name: shipping_lines; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.shipping_lines VALUES ('01a2090a-4ec9-7420-8d2a-0cbe52825a84', 'MAEU', '{"id":"01a2090a-4ec9-7420-8d2a-0cbe52825a84","scac":"MAEU","name":"Maersk","short_name":"Maersk","alternative_scacs":["MAEI","SEAU"],"bill_of_lading_tracking_support":true,"booking_number_tracking_support":true,"container_number_tracking_support":false}');


--
-- Data for Name: terminals; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.terminals VALUES ('01a2090a-4ec1-75ae-9f24-c56aa0eee05e', '{"id":"01a2090a-4ec1-75ae-9f24-c56aa0eee05e","port_id":"01a2090a-4ebe-74d3-973b-f06907bd7006","name":"Wando Welch Terminal 13","nickname":"WWT","firms_code":"L013","smdg_code":"WWT","bic_facility_code":"USCHSWWT","street":"1 Long Point Rd","city":"Mount Pleasant","state":"South Carolina","state_abbr":"SC","zip":"29464","country":"United States","facility_type":"ocean_terminal"}');


--
-- Data for Name: tracking_requests; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.tracking_requests VALUES ('01a2090a-4eca-714d-9329-ee6bcccc908f', '01a2090a-4eb1-7252-b7c0-67c24fce76f1', '2026-11-23 15:33:20.202+00', '2026-11-23 15:33:20.202+00', 'hlcusel240000018', 'pending', 'HLCU', '2026-01-01 00:10:00+00', 'hlcusel240000018po-88213', '{"id":"01a2090a-4eca-714d-9329-ee6bcccc908f","account_id":"01a2090a-4eb1-7252-b7c0-67c24fce76f1","request_number":"HLCUSEL240000018","request_type":"bill_of_lading","scac":"HLCU","status":"pending","failed_reason":null,"created_at":"2026-11-23T15:33:20.202Z","updated_at":"2026-11-23T15:33:20.202Z","ref_numbers":["PO-88213"],"shipment_tags":["east-coast"],"tags":["east-coast"],"is_retrying":false,"retry_count":0,"tracked_object_id":null,"tracked_object_type":null,"customer_id":null,"user_id":null,"next_attempt_at":"2026-01-01T00:10:00.000Z","customer_name":"CUSTOMER-001"}');


--
-- Data for Name: transport_events; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.transport_events VALUES ('01a2090a-4eca-7149-a505-63769ec0ff31', '01a2090a-4eb1-7252-b7c0-67c24fce76f1', '01a2090a-4ebf-71a3-934c-fd4c138989e9', '2024-06-22 09:12:00+00', '2026-11-23 15:33:20.202+00', '{"id":"01a2090a-4eca-7149-a505-63769ec0ff31","account_id":"01a2090a-4eb1-7252-b7c0-67c24fce76f1","shipment_id":"01a2090a-4ebf-71a1-9a44-0598f66b0f12","container_id":"01a2090a-4ebf-71a3-934c-fd4c138989e9","event":"container.transport.vessel_loaded","created_at":"2026-11-23T15:33:20.202Z","voyage_number":"546E","timestamp":"2024-06-22T09:12:00.000Z","location_locode":"KRPUS","timezone":"Asia/Seoul","data_source":"shipping_line","vessel_id":null,"location_id":null,"location_type":"port","terminal_id":null,"terminal_type":null,"raw_event_id":null}');
INSERT INTO public.transport_events VALUES ('01a2090a-4eca-714a-9199-148f56aead48', '01a2090a-4eb1-7252-b7c0-67c24fce76f1', '01a2090a-4ebf-71a3-934c-fd4c138989e9', NULL, '2026-11-23 15:33:20.202+00', '{"id":"01a2090a-4eca-714a-9199-148f56aead48","account_id":"01a2090a-4eb1-7252-b7c0-67c24fce76f1","shipment_id":"01a2090a-4ebf-71a1-9a44-0598f66b0f12","container_id":"01a2090a-4ebf-71a3-934c-fd4c138989e9","event":"container.transport.vessel_loaded","created_at":"2026-11-23T15:33:20.202Z","voyage_number":"546E","timestamp":null,"location_locode":"KRPUS","timezone":"Asia/Seoul","data_source":"shipping_line","vessel_id":null,"location_id":null,"location_type":"port","terminal_id":null,"terminal_type":null,"raw_event_id":null}');
INSERT INTO public.transport_events VALUES ('01a2090a-4eca-714b-bcea-10c7e5626234', '01a2090a-4eb1-7252-b7c0-67c24fce76f1', '01a2090a-4ebf-71a3-934c-fd4c138989e9', '2026-01-01 00:03:00+00', '2026-11-23 15:33:20.202+00', '{"id":"01a2090a-4eca-714b-bcea-10c7e5626234","account_id":"01a2090a-4eb1-7252-b7c0-67c24fce76f1","shipment_id":"01a2090a-4ebf-71a1-9a44-0598f66b0f12","container_id":"01a2090a-4ebf-71a3-934c-fd4c138989e9","event":"container.transport.vessel_loaded","created_at":"2026-11-23T15:33:20.202Z","voyage_number":null,"timestamp":"2026-01-01T00:03:00.000Z","location_locode":"KRPUS","timezone":"Asia/Seoul","data_source":"shipping_line","vessel_id":null,"location_id":null,"location_type":"port","terminal_id":null,"terminal_type":null,"raw_event_id":null}');


--
-- Data for Name: users; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.users VALUES ('01a2090a-4ebe-74d2-8be3-51eac81f06ae', '01a2090a-4eb1-7252-b7c0-67c24fce76f1', '2026-11-23 15:33:20.19+00', '{"id":"01a2090a-4ebe-74d2-8be3-51eac81f06ae","account_id":"01a2090a-4eb1-7252-b7c0-67c24fce76f1","name":"Dana Whitfield","email":"dana.whitfield+2@example.com","role":"editor","created_at":"2026-11-23T15:33:20.190Z"}');


--
-- Data for Name: vessel_positions; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.vessel_positions VALUES ('01a2090a-4ebe-74d5-bd67-24f3a6f00fd0', '2026-01-01 00:01:00+00', '{"vessel_id":"01a2090a-4ebe-74d5-bd67-24f3a6f00fd0","latitude":32.7605,"longitude":-79.9151,"heading":291,"speed_knots":12.4,"timestamp":"2026-01-01T00:01:00.000Z","source":"ais"}');
INSERT INTO public.vessel_positions VALUES ('01a2090a-4ebe-74d5-bd67-24f3a6f00fd0', '2026-01-01 00:02:00+00', '{"vessel_id":"01a2090a-4ebe-74d5-bd67-24f3a6f00fd0","latitude":32.759499999999996,"longitude":-79.9141,"heading":291,"speed_knots":12.4,"timestamp":"2026-01-01T00:02:00.000Z","source":"ais"}');


--
-- Data for Name: vessels; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.vessels VALUES ('01a2090a-4ebe-74d5-bd67-24f3a6f00fd0', '9000053', '636000005', '{"id":"01a2090a-4ebe-74d5-bd67-24f3a6f00fd0","name":"MAERSK SHIVLING 5","imo":"9000053","mmsi":"636000005","latitude":32.7765,"longitude":-79.9311,"nautical_speed_knots":12.4,"navigational_heading_degrees":291,"position_timestamp":"2026-11-23T15:33:20.190Z","created_at":"2026-11-23T15:33:20.190Z","updated_at":"2026-11-23T15:33:20.190Z"}');


--
-- Data for Name: webhook_notification_attempts; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.webhook_notification_attempts VALUES ('01a2090a-4eca-7151-8f0d-dc8cd06dadd2', '01a2090a-4ec1-75aa-81f7-533186e2ef1e', '2026-11-23 15:33:20.202+00', '{"id":"01a2090a-4eca-7151-8f0d-dc8cd06dadd2","notification_id":"01a2090a-4ec1-75aa-81f7-533186e2ef1e","attempted_at":"2026-11-23T15:33:20.202Z","duration_ms":182,"status_code":200,"error":null,"response_excerpt":"{\"ok\":true}"}');


--
-- Data for Name: webhook_notifications; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.webhook_notifications VALUES ('01a2090a-4ec1-75a8-9378-f9f2eb5004eb', '01a2090a-4eb1-7252-b7c0-67c24fce76f1', '01a2090a-4ec0-76c9-82db-703f88b480c7', 'pending', '2026-11-23 15:33:20.193+00', '2026-11-23 15:33:20.193+00', '{"id":"01a2090a-4ec1-75a8-9378-f9f2eb5004eb","account_id":"01a2090a-4eb1-7252-b7c0-67c24fce76f1","webhook_id":"01a2090a-4ec0-76c9-82db-703f88b480c7","event":"tracking_request.succeeded","delivery_status":"pending","reference_object_type":"tracking_request","reference_object_id":"01a2090a-4ec1-75a9-97f5-34bb1b2b93e2","payload":"{\"data\":{\"id\":\"01a2090a-4ec1-75a8-9378-f9f2eb5004eb\",\"type\":\"webhook_notification\",\"attributes\":{\"event\":\"tracking_request.succeeded\",\"delivery_status\":\"pending\",\"created_at\":\"2026-11-23T15:33:20.193Z\"},\"relationships\":{\"reference_object\":{\"data\":{\"id\":\"01a2090a-4ec1-75a9-97f5-34bb1b2b93e2\",\"type\":\"tracking_request\"}}}}}","attempts":0,"next_attempt_at":"2026-11-23T15:33:20.193Z","last_attempt_at":null,"last_response_status":null,"created_at":"2026-11-23T15:33:20.193Z","updated_at":"2026-11-23T15:33:20.193Z"}');
INSERT INTO public.webhook_notifications VALUES ('01a2090a-4ec1-75aa-81f7-533186e2ef1e', '01a2090a-4eb1-7252-b7c0-67c24fce76f1', '01a2090a-4ec0-76c9-82db-703f88b480c7', 'succeeded', NULL, '2026-11-23 15:33:20.193+00', '{"id":"01a2090a-4ec1-75aa-81f7-533186e2ef1e","account_id":"01a2090a-4eb1-7252-b7c0-67c24fce76f1","webhook_id":"01a2090a-4ec0-76c9-82db-703f88b480c7","event":"tracking_request.succeeded","delivery_status":"succeeded","reference_object_type":"tracking_request","reference_object_id":"01a2090a-4ec1-75ab-873d-a41fc22f60cb","payload":"{\"data\":{\"id\":\"01a2090a-4ec1-75aa-81f7-533186e2ef1e\",\"type\":\"webhook_notification\",\"attributes\":{\"event\":\"tracking_request.succeeded\",\"delivery_status\":\"pending\",\"created_at\":\"2026-11-23T15:33:20.193Z\"},\"relationships\":{\"reference_object\":{\"data\":{\"id\":\"01a2090a-4ec1-75ab-873d-a41fc22f60cb\",\"type\":\"tracking_request\"}}}}}","attempts":0,"next_attempt_at":null,"last_attempt_at":null,"last_response_status":null,"created_at":"2026-11-23T15:33:20.193Z","updated_at":"2026-11-23T15:33:20.193Z"}');


--
-- Data for Name: webhooks; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.webhooks VALUES ('01a2090a-4ec0-76c9-82db-703f88b480c7', '01a2090a-4eb1-7252-b7c0-67c24fce76f1', true, '2026-11-23 15:33:20.192+00', '{"id":"01a2090a-4ec0-76c9-82db-703f88b480c7","account_id":"01a2090a-4eb1-7252-b7c0-67c24fce76f1","url":"https://hooks.example.com/bollard/12","active":true,"events":["container.transport.vessel_arrived","tracking_request.succeeded","tracking_request.failed"],"secret":"212b29e881d0152799272e32830aa81cb51f230c891e731ac5dcaeca2fbf6966","headers":[{"name":"X-Partner-Id","value":"partner-12"}],"consecutive_failures":0,"created_at":"2026-11-23T15:33:20.192Z","updated_at":"2026-11-23T15:33:20.192Z"}');


--
-- Name: accounts accounts_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.accounts
    ADD CONSTRAINT accounts_pkey PRIMARY KEY (id);


--
-- Name: api_keys api_keys_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.api_keys
    ADD CONSTRAINT api_keys_pkey PRIMARY KEY (id);


--
-- Name: containers containers_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.containers
    ADD CONSTRAINT containers_pkey PRIMARY KEY (id);


--
-- Name: custom_field_definitions custom_field_definitions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.custom_field_definitions
    ADD CONSTRAINT custom_field_definitions_pkey PRIMARY KEY (id);


--
-- Name: custom_field_options custom_field_options_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.custom_field_options
    ADD CONSTRAINT custom_field_options_pkey PRIMARY KEY (id);


--
-- Name: custom_fields custom_fields_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.custom_fields
    ADD CONSTRAINT custom_fields_pkey PRIMARY KEY (id);


--
-- Name: domain_events domain_events_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.domain_events
    ADD CONSTRAINT domain_events_pkey PRIMARY KEY (id);


--
-- Name: kysely_migration_lock kysely_migration_lock_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.kysely_migration_lock
    ADD CONSTRAINT kysely_migration_lock_pkey PRIMARY KEY (id);


--
-- Name: kysely_migration kysely_migration_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.kysely_migration
    ADD CONSTRAINT kysely_migration_pkey PRIMARY KEY (name);


--
-- Name: meta meta_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.meta
    ADD CONSTRAINT meta_pkey PRIMARY KEY (key);


--
-- Name: metro_areas metro_areas_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.metro_areas
    ADD CONSTRAINT metro_areas_pkey PRIMARY KEY (id);


--
-- Name: ports ports_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.ports
    ADD CONSTRAINT ports_pkey PRIMARY KEY (id);


--
-- Name: rail_terminals rail_terminals_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.rail_terminals
    ADD CONSTRAINT rail_terminals_pkey PRIMARY KEY (id);


--
-- Name: raw_events raw_events_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.raw_events
    ADD CONSTRAINT raw_events_pkey PRIMARY KEY (id);


--
-- Name: shipments shipments_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.shipments
    ADD CONSTRAINT shipments_pkey PRIMARY KEY (id);


--
-- Name: shipping_lines shipping_lines_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.shipping_lines
    ADD CONSTRAINT shipping_lines_pkey PRIMARY KEY (id);


--
-- Name: terminals terminals_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.terminals
    ADD CONSTRAINT terminals_pkey PRIMARY KEY (id);


--
-- Name: tracking_requests tracking_requests_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tracking_requests
    ADD CONSTRAINT tracking_requests_pkey PRIMARY KEY (id);


--
-- Name: transport_events transport_events_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.transport_events
    ADD CONSTRAINT transport_events_pkey PRIMARY KEY (id);


--
-- Name: users users_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_pkey PRIMARY KEY (id);


--
-- Name: vessel_positions vessel_positions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.vessel_positions
    ADD CONSTRAINT vessel_positions_pkey PRIMARY KEY (vessel_id, "timestamp");


--
-- Name: vessels vessels_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.vessels
    ADD CONSTRAINT vessels_pkey PRIMARY KEY (id);


--
-- Name: webhook_notification_attempts webhook_notification_attempts_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.webhook_notification_attempts
    ADD CONSTRAINT webhook_notification_attempts_pkey PRIMARY KEY (id);


--
-- Name: webhook_notifications webhook_notifications_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.webhook_notifications
    ADD CONSTRAINT webhook_notifications_pkey PRIMARY KEY (id);


--
-- Name: webhooks webhooks_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.webhooks
    ADD CONSTRAINT webhooks_pkey PRIMARY KEY (id);


--
-- Name: accounts_company_name; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX accounts_company_name ON public.accounts USING btree (company_name);


--
-- Name: accounts_created; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX accounts_created ON public.accounts USING btree (created_at, id);


--
-- Name: api_keys_key_hash; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX api_keys_key_hash ON public.api_keys USING btree (key_hash);


--
-- Name: containers_account_created; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX containers_account_created ON public.containers USING btree (account_id, created_at, id);


--
-- Name: containers_account_number; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX containers_account_number ON public.containers USING btree (account_id, number_lc);


--
-- Name: containers_account_shipment; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX containers_account_shipment ON public.containers USING btree (account_id, shipment_id, created_at, id);


--
-- Name: custom_field_definitions_account_created; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX custom_field_definitions_account_created ON public.custom_field_definitions USING btree (account_id, created_at, id);


--
-- Name: custom_field_definitions_account_slug; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX custom_field_definitions_account_slug ON public.custom_field_definitions USING btree (account_id, api_slug);


--
-- Name: custom_field_options_definition_value; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX custom_field_options_definition_value ON public.custom_field_options USING btree (definition_id, value);


--
-- Name: custom_fields_account_created; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX custom_fields_account_created ON public.custom_fields USING btree (account_id, created_at, id);


--
-- Name: custom_fields_account_entity; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX custom_fields_account_entity ON public.custom_fields USING btree (account_id, entity_id);


--
-- Name: custom_fields_definition; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX custom_fields_definition ON public.custom_fields USING btree (definition_id);


--
-- Name: custom_fields_entity_slug; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX custom_fields_entity_slug ON public.custom_fields USING btree (entity_type, entity_id, api_slug);


--
-- Name: domain_events_account_container; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX domain_events_account_container ON public.domain_events USING btree (account_id, container_id, created_at, id);


--
-- Name: domain_events_account_created; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX domain_events_account_created ON public.domain_events USING btree (account_id, created_at, id);


--
-- Name: domain_events_account_shipment; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX domain_events_account_shipment ON public.domain_events USING btree (account_id, shipment_id, created_at, id);


--
-- Name: metro_areas_code; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX metro_areas_code ON public.metro_areas USING btree (code, id);


--
-- Name: ports_code; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ports_code ON public.ports USING btree (code, id);


--
-- Name: raw_events_container; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX raw_events_container ON public.raw_events USING btree (container_id, idx, id);


--
-- Name: shipments_account_bl_number; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX shipments_account_bl_number ON public.shipments USING btree (account_id, bl_number_lc);


--
-- Name: shipments_account_created; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX shipments_account_created ON public.shipments USING btree (account_id, created_at, id);


--
-- Name: shipments_account_normalized_number; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX shipments_account_normalized_number ON public.shipments USING btree (account_id, normalized_number_lc);


--
-- Name: shipping_lines_scac; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX shipping_lines_scac ON public.shipping_lines USING btree (scac, id);


--
-- Name: tracking_requests_account_created; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX tracking_requests_account_created ON public.tracking_requests USING btree (account_id, created_at, id);


--
-- Name: tracking_requests_account_number; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX tracking_requests_account_number ON public.tracking_requests USING btree (account_id, request_number_lc);


--
-- Name: tracking_requests_account_scac; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX tracking_requests_account_scac ON public.tracking_requests USING btree (account_id, scac);


--
-- Name: tracking_requests_account_status; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX tracking_requests_account_status ON public.tracking_requests USING btree (account_id, status);


--
-- Name: tracking_requests_account_updated; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX tracking_requests_account_updated ON public.tracking_requests USING btree (account_id, updated_at);


--
-- Name: tracking_requests_due; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX tracking_requests_due ON public.tracking_requests USING btree (next_attempt_at, id) WHERE (next_attempt_at IS NOT NULL);


--
-- Name: transport_events_container; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX transport_events_container ON public.transport_events USING btree (container_id, "timestamp", created_at, id);


--
-- Name: users_account_created; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX users_account_created ON public.users USING btree (account_id, created_at, id);


--
-- Name: vessels_imo; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX vessels_imo ON public.vessels USING btree (imo);


--
-- Name: vessels_mmsi; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX vessels_mmsi ON public.vessels USING btree (mmsi);


--
-- Name: webhook_notification_attempts_notification; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX webhook_notification_attempts_notification ON public.webhook_notification_attempts USING btree (notification_id, attempted_at, id);


--
-- Name: webhook_notifications_account_created; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX webhook_notifications_account_created ON public.webhook_notifications USING btree (account_id, created_at, id);


--
-- Name: webhook_notifications_due; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX webhook_notifications_due ON public.webhook_notifications USING btree (next_attempt_at, id) WHERE (delivery_status = 'pending'::text);


--
-- Name: webhook_notifications_status; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX webhook_notifications_status ON public.webhook_notifications USING btree (account_id, delivery_status, created_at, id);


--
-- Name: webhook_notifications_webhook; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX webhook_notifications_webhook ON public.webhook_notifications USING btree (webhook_id, created_at, id);


--
-- Name: webhooks_account_created; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX webhooks_account_created ON public.webhooks USING btree (account_id, created_at, id);


--
-- Name: api_keys api_keys_account_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.api_keys
    ADD CONSTRAINT api_keys_account_id_fkey FOREIGN KEY (account_id) REFERENCES public.accounts(id);


--
-- Name: containers containers_account_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.containers
    ADD CONSTRAINT containers_account_id_fkey FOREIGN KEY (account_id) REFERENCES public.accounts(id);


--
-- Name: containers containers_shipment_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.containers
    ADD CONSTRAINT containers_shipment_id_fkey FOREIGN KEY (shipment_id) REFERENCES public.shipments(id);


--
-- Name: custom_field_definitions custom_field_definitions_account_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.custom_field_definitions
    ADD CONSTRAINT custom_field_definitions_account_id_fkey FOREIGN KEY (account_id) REFERENCES public.accounts(id);


--
-- Name: custom_field_options custom_field_options_account_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.custom_field_options
    ADD CONSTRAINT custom_field_options_account_id_fkey FOREIGN KEY (account_id) REFERENCES public.accounts(id);


--
-- Name: custom_fields custom_fields_account_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.custom_fields
    ADD CONSTRAINT custom_fields_account_id_fkey FOREIGN KEY (account_id) REFERENCES public.accounts(id);


--
-- Name: domain_events domain_events_account_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.domain_events
    ADD CONSTRAINT domain_events_account_id_fkey FOREIGN KEY (account_id) REFERENCES public.accounts(id);


--
-- Name: raw_events raw_events_account_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.raw_events
    ADD CONSTRAINT raw_events_account_id_fkey FOREIGN KEY (account_id) REFERENCES public.accounts(id);


--
-- Name: raw_events raw_events_container_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.raw_events
    ADD CONSTRAINT raw_events_container_id_fkey FOREIGN KEY (container_id) REFERENCES public.containers(id);


--
-- Name: shipments shipments_account_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.shipments
    ADD CONSTRAINT shipments_account_id_fkey FOREIGN KEY (account_id) REFERENCES public.accounts(id);


--
-- Name: tracking_requests tracking_requests_account_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tracking_requests
    ADD CONSTRAINT tracking_requests_account_id_fkey FOREIGN KEY (account_id) REFERENCES public.accounts(id);


--
-- Name: transport_events transport_events_account_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.transport_events
    ADD CONSTRAINT transport_events_account_id_fkey FOREIGN KEY (account_id) REFERENCES public.accounts(id);


--
-- Name: transport_events transport_events_container_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.transport_events
    ADD CONSTRAINT transport_events_container_id_fkey FOREIGN KEY (container_id) REFERENCES public.containers(id);


--
-- Name: users users_account_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_account_id_fkey FOREIGN KEY (account_id) REFERENCES public.accounts(id);


--
-- Name: webhook_notifications webhook_notifications_account_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.webhook_notifications
    ADD CONSTRAINT webhook_notifications_account_id_fkey FOREIGN KEY (account_id) REFERENCES public.accounts(id);


--
-- Name: webhooks webhooks_account_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.webhooks
    ADD CONSTRAINT webhooks_account_id_fkey FOREIGN KEY (account_id) REFERENCES public.accounts(id);


--
-- PostgreSQL database dump complete
--

\unrestrict 03IXnu0vPULJFiZbjKPfRA1iW7xgjFaC0K5baxS8OlrfjEd9r9h4gmlM1984dAi

