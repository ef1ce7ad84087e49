const mb = (n: number) => (n / 1048576).toFixed(0);
const show = (label: string) => {
  const m = process.memoryUsage();
  console.log(`${label.padEnd(28)} rss ${mb(m.rss)} heapTotal ${mb(m.heapTotal)} heapUsed ${mb(m.heapUsed)} ext ${mb(m.external)} ab ${mb(m.arrayBuffers)}`);
};
show('start');
for (const spec of process.argv.slice(2)) {
  await import(spec);
  show(spec.split('/').slice(-2).join('/'));
}
