/**
 * The XMP a Factur-X PDF/A-3 carries beside pdfkit's own (pdfaid, dc, xmp, pdf): the `fx:` description
 * of the embedded invoice and the PDF/A extension schema that declares those properties (PDF/A
 * validators refuse properties of an undeclared namespace).
 */
import type { PdfAttachment } from "../../pdf/page.ts";

export type EmbeddedInvoice = {
  /** The CII XML, embedded as `factur-x.xml`. */
  readonly xml: string;
  /** `fx:ConformanceLevel`: "EN 16931", "BASIC"… */
  readonly conformance: string;
};

export const FACTURX_FILE_NAME = "factur-x.xml";

const FX = "urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#";

const property = (name: string, description: string) => `
            <rdf:li rdf:parseType="Resource">
              <pdfaProperty:name>${name}</pdfaProperty:name>
              <pdfaProperty:valueType>Text</pdfaProperty:valueType>
              <pdfaProperty:category>external</pdfaProperty:category>
              <pdfaProperty:description>${description}</pdfaProperty:description>
            </rdf:li>`;

export const facturxXmp = (conformance: string): string => `
        <rdf:Description xmlns:fx="${FX}" rdf:about="">
            <fx:DocumentType>INVOICE</fx:DocumentType>
            <fx:DocumentFileName>${FACTURX_FILE_NAME}</fx:DocumentFileName>
            <fx:Version>1.0</fx:Version>
            <fx:ConformanceLevel>${conformance}</fx:ConformanceLevel>
        </rdf:Description>
        <rdf:Description xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/"
            xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#"
            xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#" rdf:about="">
          <pdfaExtension:schemas>
            <rdf:Bag>
              <rdf:li rdf:parseType="Resource">
                <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
                <pdfaSchema:namespaceURI>${FX}</pdfaSchema:namespaceURI>
                <pdfaSchema:prefix>fx</pdfaSchema:prefix>
                <pdfaSchema:property>
                  <rdf:Seq>${property("DocumentFileName", "name of the embedded XML invoice file")}${property(
                    "DocumentType",
                    "INVOICE",
                  )}${property("Version", "The actual version of the Factur-X XML schema")}${property(
                    "ConformanceLevel",
                    "The conformance level of the embedded Factur-X data",
                  )}
                  </rdf:Seq>
                </pdfaSchema:property>
              </rdf:li>
            </rdf:Bag>
          </pdfaExtension:schemas>
        </rdf:Description>
        `;

/** The invoice's XML as the PDF/A-3 file it carries: `factur-x.xml`, the alternative of the page. */
export const facturxAttachment = (embedded: EmbeddedInvoice): PdfAttachment => ({
  name: FACTURX_FILE_NAME,
  type: "text/xml",
  description: "Factur-X invoice",
  relationship: "Alternative",
  content: embedded.xml,
  xmp: facturxXmp(embedded.conformance),
});
