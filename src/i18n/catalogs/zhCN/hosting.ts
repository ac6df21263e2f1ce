import type { EN_HOSTING } from '../en/hosting';

export const ZH_CN_HOSTING: Readonly<Record<keyof typeof EN_HOSTING, string>> = {
  'hosting.isolation.label': '页面如何实现隔离',
  'hosting.isolation.headers': '由服务器实现：它发送了两个隔离响应头，因此 WebAssembly 在所有核心上运行。',
  'hosting.isolation.serviceWorker': '由本应用的服务工作线程实现：托管方没有发送隔离响应头，由服务工作线程补上，因此 WebAssembly 在所有核心上运行。',
  'hosting.isolation.insecure':
    '页面未隔离，因此 WebAssembly 只在一个线程上运行：在未加密的地址上，浏览器不允许服务工作线程。请通过 {https} 打开页面（{command} 可把它提供给全班），或在提供页面时发送两个隔离响应头（见 {readme} 中“为课堂托管”一节）。',
  'hosting.isolation.noServiceWorker':
    '页面未隔离，因此 WebAssembly 只在一个线程上运行：这个浏览器在此处拒绝服务工作线程（无痕窗口、某项设置或某条策略）。请在普通窗口中打开页面，或允许本站点的服务工作线程，或在提供页面时发送两个隔离响应头（见 {readme} 中“为课堂托管”一节）。',
  'hosting.isolation.failed':
    '页面未隔离，因此 WebAssembly 只在一个线程上运行：本应用的服务工作线程未能安装（{detail}）。请重新加载页面；如果仍是这样，请在提供页面时发送两个隔离响应头（见 {readme} 中“为课堂托管”一节）。',
  'hosting.isolation.notAfterReload':
    '页面未隔离，因此 WebAssembly 只在一个线程上运行：本应用的服务工作线程已就位，但这个浏览器没有隔离页面。请在提供页面时发送两个隔离响应头（见 {readme} 中“为课堂托管”一节）。',
  'hosting.isolation.slow': '暂未隔离，因此 WebAssembly 只在一个线程上运行：页面打开时本应用的服务工作线程仍在安装。请在没有任务运行时重新加载页面，以使用所有核心。',
  'hosting.isolation.development': '页面未隔离，因此 WebAssembly 只在一个线程上运行：这个开发服务器不发送隔离响应头，且只有构建版本才带有服务工作线程。',

  'hosting.update.ready': '新版本已就绪。',
  'hosting.update.reload': '重新加载',

  'room.warn.localhost': '其他设备打不开这个地址（{host} 只指向这台电脑）：请用 {command} 在网络上提供它，或把它托管出去（见 {readme} 中“为课堂托管”一节）。',
  'room.warn.insecure': '在未加密的地址上，学生的浏览器会隐藏 WebGPU、摄像头和多线程：请使用 {https} 地址（{command} 可提供一个）。',
};
