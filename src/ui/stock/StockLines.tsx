import { Checkbox, Tag } from '@blueprintjs/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { saleStatusI18nKey } from '../../machines/deposit/enums.ts';
import type { StockLine } from '../../machines/stock/stockWindow.ts';
import { formatDate, formatPrice } from '../components/format.ts';
import { StockHeader } from './StockHeader.tsx';
import type { StockWindow } from './useStockWindow.ts';

const SIZES = {
  list: { height: 44, width: 0 },
  card: { height: 132, width: 280 },
  pictures: { height: 216, width: 168 },
};

export interface StockLinesProps {
  readonly list: StockWindow;
  readonly showVendor: boolean;
}

/**
 * The lines of the stock, virtualised: only those on screen exist in the page, and the window
 * machine hears which ones are visible, so it loads their pages. One focusable frame with the
 * active line announced (aria-activedescendant): arrows, Page keys, Home/End, Space, Enter.
 */
export function StockLines({ list, showVendor }: StockLinesProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const frame = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(1000);
  const [active, setActive] = useState(0);
  const size = SIZES[list.layout];
  const lanes = size.width ? Math.max(1, Math.floor(width / size.width)) : 1;
  const count = list.count ?? 0;
  // Cards and pictures: one virtual row holds `lanes` items side by side.
  const virtualizer = useVirtualizer({
    count: Math.ceil(count / lanes),
    getScrollElement: () => frame.current,
    estimateSize: () => size.height,
    overscan: 4,
  });
  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  useEffect(() => virtualizer.measure(), [virtualizer, list.layout, lanes]);
  // A new query starts at the top.
  useEffect(() => {
    frame.current?.scrollTo({ top: 0 });
    setActive(0);
  }, [list.filters, list.ordering]);
  const rows = virtualizer.getVirtualItems();
  const items = rows.flatMap((row) =>
    Array.from({ length: lanes }, (_, lane) => ({
      index: row.index * lanes + lane,
      lane,
      start: row.start,
      size: row.size,
      key: `${row.key}-${lane}`,
    })).filter((item) => item.index < count),
  );
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? 0;
  const { show } = list;
  useEffect(() => show(first, last), [show, first, last]);

  const move = (to: number) => {
    const next = Math.min(Math.max(0, to), count - 1);
    setActive(next);
    virtualizer.scrollToIndex(Math.floor(next / lanes), { align: 'auto' });
  };
  const page = Math.max(1, Math.floor((frame.current?.clientHeight ?? 400) / size.height)) * lanes;
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.target !== e.currentTarget) return;
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(active + lanes),
      ArrowUp: () => move(active - lanes),
      ArrowRight: () => move(active + 1),
      ArrowLeft: () => move(active - 1),
      PageDown: () => move(active + page),
      PageUp: () => move(active - page),
      Home: () => move(0),
      End: () => move(count - 1),
      ' ': () => {
        const line = list.line(active);
        if (line) list.select(line.uuid, !(line.uuid in list.selected));
      },
      Enter: () => {
        const line = list.line(active);
        if (line) void navigate(`/product/${line.uuid}`);
      },
    };
    const run = keys[e.key];
    if (!run) return;
    e.preventDefault();
    run();
  };

  return (
    <div
      className={`seconde-stock-lines seconde-stock-${list.layout}${showVendor ? ' seconde-stock-vendor' : ''}`}
    >
      {list.layout === 'list' && <StockHeader list={list} showVendor={showVendor} />}
      <div
        ref={frame}
        className="seconde-stock-frame"
        role="grid"
        aria-label={t('stockView.lines')}
        aria-rowcount={count}
        aria-multiselectable
        aria-activedescendant={count > 0 ? `stock-line-${active}` : undefined}
        aria-describedby="stock-keys"
        tabIndex={0}
        onKeyDown={onKeyDown}
        data-testid="stock-frame"
      >
        <span id="stock-keys" className="seconde-sr-only">
          {t('stockView.keyboardHint')}
        </span>
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const line = list.line(item.index);
            return (
              <div
                key={item.key}
                id={`stock-line-${item.index}`}
                role="row"
                aria-rowindex={item.index + 1}
                aria-selected={line ? list.allMatching || line.uuid in list.selected : false}
                className={`seconde-stock-line${item.index === active ? ' is-active' : ''}`}
                style={{
                  position: 'absolute',
                  top: 0,
                  left: `${(item.lane * 100) / lanes}%`,
                  width: `${100 / lanes}%`,
                  height: item.size,
                  transform: `translateY(${item.start}px)`,
                }}
                onClick={() => setActive(item.index)}
                {...(line && { 'data-testid': 'stock-row', 'data-status': line.saleStatus ?? '' })}
              >
                {line ? (
                  <Line line={line} list={list} showVendor={showVendor} />
                ) : (
                  <span role="gridcell" className="seconde-stock-placeholder">
                    {t('stockView.loadingLine')}
                  </span>
                )}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}

function Line({
  line,
  list,
  showVendor,
}: {
  line: StockLine;
  list: StockWindow;
  showVendor: boolean;
}) {
  const { t, i18n } = useTranslation();
  const checked = list.allMatching || line.uuid in list.selected;
  const select = (
    <Checkbox
      className="seconde-stock-check"
      checked={checked}
      aria-label={t('stockView.select', { reference: line.reference })}
      tabIndex={-1}
      onChange={(e) => list.select(line.uuid, e.currentTarget.checked)}
    />
  );
  const price =
    line.selledPrice !== null
      ? t('pages.soldPrice', { price: formatPrice(line.selledPrice, i18n.language) })
      : formatPrice(line.suggestedPrice, i18n.language);
  const status = line.saleStatus && <Tag minimal>{t(saleStatusI18nKey(line.saleStatus))}</Tag>;
  const name = (
    <Link to={`/product/${line.uuid}`} tabIndex={-1} className="seconde-stock-name">
      {line.name || line.reference}
    </Link>
  );
  const deposit = (
    <Link to={`/deposit/${line.depositUuid}`} tabIndex={-1} data-testid="stock-deposit-link">
      {line.depositName || t('pages.openDeposit')}
    </Link>
  );
  if (list.layout === 'pictures')
    return (
      <div role="gridcell" className="seconde-stock-picture">
        {line.thumbnail ? (
          <img src={line.thumbnail} alt={line.name} width={150} height={150} loading="lazy" />
        ) : (
          <span className="seconde-stock-nophoto">{t('stockView.noPhoto')}</span>
        )}
        <div className="seconde-stock-caption">
          {select}
          {name}
        </div>
        {status}
      </div>
    );
  if (list.layout === 'card')
    return (
      <div role="gridcell" className="seconde-stock-card">
        {line.thumbnail ? (
          <img src={line.thumbnail} alt="" width={96} height={96} loading="lazy" />
        ) : (
          <span className="seconde-stock-nophoto">{t('stockView.noPhoto')}</span>
        )}
        <div>
          <div className="seconde-stock-caption">
            {select}
            {name}
          </div>
          <div>
            {line.reference} · {[line.category, line.brand, line.size].filter(Boolean).join(' · ')}
          </div>
          <div>
            {price} {status}
          </div>
          <div>{deposit}</div>
        </div>
      </div>
    );
  return (
    <>
      <span role="gridcell">{select}</span>
      <span role="gridcell">{line.reference}</span>
      <span role="gridcell">{name}</span>
      <span role="gridcell">{deposit}</span>
      {showVendor && (
        <span role="gridcell" data-testid="stock-vendor">
          {line.vendorName}
        </span>
      )}
      <span role="gridcell">{line.category}</span>
      <span role="gridcell">{line.brand}</span>
      <span role="gridcell">{line.size}</span>
      <span role="gridcell" className="seconde-number">
        {price}
      </span>
      <span role="gridcell">{status}</span>
      <span role="gridcell">{formatDate(line.stockEntry, i18n.language)}</span>
      <span role="gridcell">{formatDate(line.sellDate, i18n.language)}</span>
    </>
  );
}
