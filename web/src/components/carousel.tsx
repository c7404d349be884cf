import { ActionIcon, Group, UnstyledButton } from "@mantine/core";
import { type KeyboardEvent, type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ChevronLeftIcon, ChevronRightIcon } from "./icons.tsx";

export type CarouselProps = {
  /** Names the carousel for assistive technologies. */
  label: string;
  slides: { id: string; title: string; content: ReactNode }[];
  testId?: string;
};

/**
 * An accessible carousel (WAI-ARIA carousel pattern): previous / next buttons, one tab per slide,
 * arrow keys, no automatic rotation.
 */
export const Carousel = ({ label, slides, testId }: CarouselProps) => {
  const { t } = useTranslation("common");
  const [index, setIndex] = useState(0);
  const id = useId();
  const count = slides.length;
  const go = (next: number) => setIndex((next + count) % count);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "ArrowRight") {
      event.preventDefault();
      go(index + 1);
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      go(index - 1);
    }
  };
  return (
    <section
      className="registre-carousel"
      aria-roledescription={t("carousel.carousel")}
      aria-label={label}
      data-testid={testId}
      onKeyDown={onKeyDown}
    >
      <div className="registre-carousel-viewport" aria-live="polite">
        {slides.map((slide, position) => (
          // biome-ignore lint/a11y/useSemanticElements: slides of the ARIA carousel pattern are groups.
          <div
            key={slide.id}
            id={`${id}-${slide.id}`}
            role="group"
            aria-roledescription={t("carousel.slide")}
            aria-label={t("carousel.position", { index: position + 1, count, title: slide.title })}
            hidden={position !== index}
            className="registre-carousel-slide"
          >
            {slide.content}
          </div>
        ))}
      </div>
      <Group justify="space-between" mt="sm" wrap="nowrap">
        <Group gap={6} role="tablist" aria-label={label}>
          {slides.map((slide, position) => (
            <UnstyledButton
              key={slide.id}
              role="tab"
              aria-selected={position === index}
              aria-controls={`${id}-${slide.id}`}
              aria-label={slide.title}
              className="registre-carousel-dot"
              data-active={position === index || undefined}
              onClick={() => go(position)}
            />
          ))}
        </Group>
        <Group gap={6} wrap="nowrap">
          <ActionIcon variant="default" aria-label={t("carousel.previous")} onClick={() => go(index - 1)}>
            <ChevronLeftIcon size={16} />
          </ActionIcon>
          <ActionIcon variant="default" aria-label={t("carousel.next")} onClick={() => go(index + 1)}>
            <ChevronRightIcon size={16} />
          </ActionIcon>
        </Group>
      </Group>
    </section>
  );
};
